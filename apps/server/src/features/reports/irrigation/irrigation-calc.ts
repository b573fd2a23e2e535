import { localDayNumber } from '@kropla/domain'

/** Rounds half away from zero to `decimals` places (4.00005 → 4.0001 at 4). */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  return (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + Number.EPSILON))) / factor
}

/** A property that must be a positive number to count (flow m³/h, area ha): null when not set or 0. */
export function positiveProperty(properties: Record<string, unknown>, name: string): number | null {
  const value = properties[name]
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? number : null
}

/** m³ a run of `minutes` gives at `flow` m³/h (spec 02 section 9: flow × duration / 60), unrounded. */
export const waterOf = (flow: number | null, minutes: number): number | null =>
  flow === null ? null : (flow * minutes) / 60

/**
 * The dose over an area: m³ spread on `area` ha (area × 10000 m²) is water × 1000 / (area × 10000)
 * litres per m², which is millimetres. 4 decimals.
 */
export const dosageOf = (water: number | null, area: number | null): number | null =>
  water === null || area === null ? null : roundTo((water * 1000) / (area * 10_000), 4)

/**
 * The farm-local calendar days [start, end) touches: a range from one local midnight to the next
 * is one day, whether it lasts 23, 24 or 25 hours. At least 1.
 */
export function localDaysOf(start: Date, end: Date, timeZone: string): number {
  if (end.getTime() <= start.getTime()) return 1
  const first = localDayNumber(start, timeZone)
  const last = localDayNumber(new Date(end.getTime() - 1), timeZone)
  return Math.max(1, last - first + 1)
}
