/** The comparators a value is checked with against a threshold (spec 01 section 4, alarm flagging). */
export const flagComparators = ['gt', 'ge', 'lt', 'le', 'eq'] as const
export type FlagComparator = (typeof flagComparators)[number]

/**
 * Whether a value meets its comparator against a threshold, so it is shown flagged (red). A
 * missing value or threshold flags nothing.
 */
export function isValueFlagged(
  value: number | null | undefined,
  comparator: FlagComparator,
  threshold: number | null | undefined,
): boolean {
  if (value === null || value === undefined || !Number.isFinite(value)) return false
  if (threshold === null || threshold === undefined || !Number.isFinite(threshold)) return false
  switch (comparator) {
    case 'gt':
      return value > threshold
    case 'ge':
      return value >= threshold
    case 'lt':
      return value < threshold
    case 'le':
      return value <= threshold
    case 'eq':
      return value === threshold
  }
}
