export type Trend = 1 | -1 | 0

/** Spec 01 section 4: +1, -1 or 0 against the previous value; none when either value is missing. */
export function trendOf(value: number | null, previous: number | null | undefined): Trend | null {
  if (value === null || previous === null || previous === undefined) return null
  if (value > previous) return 1
  if (value < previous) return -1
  return 0
}
