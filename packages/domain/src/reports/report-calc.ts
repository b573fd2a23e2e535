import { localDayNumber, localMinuteOfDay, zonedInstant } from '../irrigation/zoned-time'
import type { DeltaComparator } from './report-types'

/**
 * The calculations of the series reports (spec 02 section 9, "Calculation rules"), pure so that
 * the server's generators and their tests share them. ADR 0064 (epsilon, sigma) and ADR 0065
 * (rows, counters, the previous period).
 */

/** Half away from zero at `decimals`, without binary surprises (1.005 → 1.01). */
export function roundTo(value: number, decimals: number): number {
  const sign = value < 0 ? -1 : 1
  // Away from a tie, the binary product rounds like the decimal shift (both within an ulp of it)
  // and n / 10^d is the same double as the text `ne-d`; only near .5 is the text needed (1.005).
  const factor = 10 ** decimals
  const product = Math.abs(value) * factor
  const fraction = product - Math.floor(product)
  if (Math.abs(fraction - 0.5) > 1e-6 && product < 1e15) return sign * (Math.round(product) / factor) || 0
  const scaled = Number(`${Math.abs(value)}e${decimals}`)
  return sign * Number(`${Math.round(scaled)}e-${decimals}`) || 0
}

/** Daily statistics: the average rounded to 2 decimals (spec 02 section 9); min and max as read. */
export const dailyAverage = (sum: number, count: number): number | null =>
  count > 0 ? roundTo(sum / count, 2) : null

/** Rainfall and water usage: summed, rounded to 1 decimal per row. */
export const summedAmount = (pulses: number, multiplier: number): number => roundTo(pulses * multiplier, 1)

/** One row's values of a counter: the first and last reading in it, and the sum of what was read. */
export interface CounterRow {
  first: number
  last: number
  sum: number
}

/**
 * Pulses per row of a counter input. Differential counters (counter_type 0) send the pulses since
 * their last reading: a row's pulses are their sum. Incremental ones (counter_type 1) send a
 * running total: a row counts last minus first, plus the rise from the previous row's last
 * reading to this row's first (so the rows add up to the range's last minus first); a drop is a
 * reset after which the counter counted from zero.
 */
export function counterPulses(
  rows: readonly (CounterRow | null)[],
  incremental: boolean,
  /** The last reading before these rows (the page before in an export), if known. */
  lastBefore: number | null = null,
): (number | null)[] {
  if (!incremental) return rows.map((row) => (row ? row.sum : null))
  let previousLast: number | null = lastBefore
  return rows.map((row) => {
    if (!row) return null
    let pulses = row.last >= row.first ? row.last - row.first : row.last
    if (previousLast !== null) pulses += row.first >= previousLast ? row.first - previousLast : row.first
    previousLast = row.last
    return pulses
  })
}

/** The delta report: last minus first, rounded to 2 decimals (shown with %). */
export const deltaOf = (first: number | null, last: number | null): number | null =>
  first === null || last === null ? null : roundTo(last - first, 2)

/** Spec 02 section 5: shown when the delta meets the comparator; an empty value shows every source. */
export function deltaShown(
  delta: number | null,
  comparator: DeltaComparator | undefined,
  value: number | undefined,
): boolean {
  if (value === undefined || comparator === undefined) return true
  if (delta === null) return false
  return comparator === 'lt' ? delta < value : delta > value
}

// ---- Derived soil quantities ----

/** Topp et al. (1980): volumetric water content (m³/m³) of a soil of relative permittivity ε. */
export const toppWaterContent = (epsilon: number) =>
  -5.3e-2 + 2.92e-2 * epsilon - 5.5e-4 * epsilon ** 2 + 4.3e-6 * epsilon ** 3

const epsilonBounds = { low: 1, high: 81 }

/**
 * Relative permittivity (epsilon, no unit) of the soil from its moisture in %: Topp's equation
 * solved for ε (it rises steadily in ε, so bisection finds the one root), between 1 (air) and 81
 * (water). Null without a reading.
 */
export function epsilonOfMoisture(moisturePercent: number | null): number | null {
  if (moisturePercent === null || !Number.isFinite(moisturePercent)) return null
  const theta = moisturePercent / 100
  let { low, high } = epsilonBounds
  if (theta <= toppWaterContent(low)) return low
  if (theta >= toppWaterContent(high)) return high
  for (let step = 0; step < 60; step++) {
    const middle = (low + high) / 2
    if (toppWaterContent(middle) < theta) low = middle
    else high = middle
  }
  return (low + high) / 2
}

/** Permittivity of the pore water at a temperature (°C): 80.3 − 0.37 × (T − 20), Hilhorst (2000). */
export const poreWaterPermittivity = (temperature: number | null) => 80.3 - 0.37 * ((temperature ?? 20) - 20)
/** Hilhorst's offset: the bulk permittivity at zero bulk conductivity. */
export const hilhorstOffset = 4.1

/**
 * Sigma: the soil's bulk electrical conductivity (mS/cm) from the pore water's (ECW, mS/cm), by
 * Hilhorst's linear model σ_b = σ_p × (ε_b − 4.1) / ε_p, with ε_b from the moisture (Topp) and ε_p
 * of water at the level's temperature (20 °C without one). Null without moisture or ECW; 0 in
 * soil so dry that ε_b is below the offset.
 */
export function sigmaOf(moisturePercent: number | null, ecw: number | null, temperature: number | null) {
  const epsilon = epsilonOfMoisture(moisturePercent)
  if (epsilon === null || ecw === null) return null
  return Math.max(0, (ecw * (epsilon - hilhorstOffset)) / poreWaterPermittivity(temperature))
}

// ---- The previous period ----

export const comparePeriods = ['day', 'week', 'month', 'year'] as const
export type ComparePeriod = (typeof comparePeriods)[number]

const HOUR = 3_600_000

/**
 * The period a range is compared with when the request does not choose one: the shortest
 * calendar period the range fits in (a day of 25 hours still a day, a 31-day month a month).
 */
export function comparePeriodFor(start: Date, end: Date): ComparePeriod {
  const length = end.getTime() - start.getTime()
  if (length <= 25 * HOUR) return 'day'
  if (length <= 7 * 24 * HOUR + HOUR) return 'week'
  if (length <= 31 * 24 * HOUR + HOUR) return 'month'
  return 'year'
}

const DAY_MS = 86_400_000

/** A calendar day number moved back by whole months: the same day of month, or the month's last. */
function monthsBack(day: number, months: number): number {
  const date = new Date(day * DAY_MS)
  const year = date.getUTCFullYear()
  const month = date.getUTCMonth() - months
  const lastOfTarget = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return Math.floor(Date.UTC(year, month, Math.min(date.getUTCDate(), lastOfTarget)) / DAY_MS)
}

/**
 * The instant one calendar period before `instant` on the farm's wall clock: the same local time
 * a day, a week, a month (the same day of month, or the month's last) or a year earlier. A local
 * time that did not exist (the hour skipped in spring) moves to the first real moment after it.
 */
export function shiftBack(instant: Date, period: ComparePeriod, timeZone: string): Date {
  const day = localDayNumber(instant, timeZone)
  const minute = localMinuteOfDay(instant, timeZone)
  const seconds = instant.getTime() % 60_000
  const target =
    period === 'day' ? day - 1 : period === 'week' ? day - 7 : monthsBack(day, period === 'month' ? 1 : 12)
  return new Date(zonedInstant(target, minute, timeZone).getTime() + seconds)
}

/** The previous period's range: both ends shifted back by the same calendar period. */
export function previousRange(start: Date, end: Date, period: ComparePeriod, timeZone: string) {
  return { start: shiftBack(start, period, timeZone), end: shiftBack(end, period, timeZone) }
}
