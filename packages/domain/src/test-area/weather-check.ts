import { z } from 'zod'
import { anemometerTypes, rainGaugeTypes } from '../weather/weather'

/**
 * The weather stations' check (/test/weather, issue 16 item 4): each meteorological reading of the
 * account's stations against a plausible range for its quantity, and flagged "stuck" when it has
 * not changed over a window of readings. Pure rules; the server reads the readings, the browser
 * shows the answer (ADR 0075).
 */

export const weatherQuantities = [
  'air_temperature',
  'air_humidity',
  'dew_point',
  'vpd',
  'wind_speed',
  'wind_direction',
  'rain_day',
  'pressure',
  'radiation',
] as const
export type WeatherQuantity = (typeof weatherQuantities)[number]

/**
 * A reading is stuck when every reading in the last `hours` (ending at the newest) holds the same
 * value, there are at least `minReadings` of them and they cover at least half the window. A value
 * in `exempt` may hold still for hours in nature (100 % humidity in fog, no sunshine at night).
 */
export interface StuckRule {
  hours: number
  minReadings: number
  exempt: readonly number[]
}

/** The range a working sensor's value stays within (`unit` is the unit of `min` and `max`). */
export interface PlausibleRange {
  unit: string
  min: number
  max: number
  /** null: a value that may hold still for any time (a calm, a dry day). */
  stuck: StuckRule | null
}

const stuckIn3h = (exempt: readonly number[] = []): StuckRule => ({ hours: 3, minReadings: 6, exempt })

/**
 * Plausible ranges per quantity, wide enough for any farm on Earth and narrow enough to catch a
 * broken sensor: the records are −89 °C and 57 °C, but a farm's station reading below −45 °C or
 * above 55 °C is far likelier broken. Air is never fully dry: 0 % humidity means a dead sensor.
 * Pressure at the station (not at sea level) from 870 hPa (the lowest sea-level record, also a
 * farm near 1200 m) to 1085 hPa (the highest record). Global radiation never passes the solar
 * constant (1361 W/m²) by much. One day's rain above 300 mm is a gauge fault on a farm.
 */
export const plausibleRanges: Readonly<Record<WeatherQuantity, PlausibleRange>> = {
  air_temperature: { unit: '°C', min: -45, max: 55, stuck: stuckIn3h() },
  air_humidity: { unit: '%', min: 1, max: 100, stuck: stuckIn3h([100]) },
  dew_point: { unit: '°C', min: -60, max: 35, stuck: stuckIn3h() },
  vpd: { unit: 'kPa', min: 0, max: 7, stuck: stuckIn3h([0]) },
  wind_speed: { unit: 'm/s', min: 0, max: 60, stuck: null },
  wind_direction: { unit: '°', min: 0, max: 360, stuck: null },
  rain_day: { unit: 'mm', min: 0, max: 300, stuck: null },
  pressure: { unit: 'hPa', min: 870, max: 1085, stuck: { hours: 6, minReadings: 6, exempt: [] } },
  radiation: { unit: 'W/m²', min: 0, max: 1400, stuck: stuckIn3h([0]) },
}

/** Units a value may come in, as factors to its quantity's range unit. */
const unitFactors: Readonly<Record<string, { to: string; factor: number }>> = {
  'km/h': { to: 'm/s', factor: 1 / 3.6 },
  mbar: { to: 'hPa', factor: 1 },
  kPa: { to: 'hPa', factor: 10 },
  'l/m²': { to: 'mm', factor: 1 },
  'W/m2': { to: 'W/m²', factor: 1 },
}

/**
 * The plausible range of `quantity` in `unit` (the value's own unit, so it reads beside the value):
 * km/h for a wind speed set up in km/h. null when the unit is not one the quantity can be read in.
 */
export function plausibleRangeIn(
  quantity: WeatherQuantity,
  unit: string,
): { min: number; max: number } | null {
  const range = plausibleRanges[quantity]
  if (unit === range.unit) return { min: range.min, max: range.max }
  const conversion = unitFactors[unit]
  if (!conversion || conversion.to !== range.unit) return null
  const round = (value: number) => Math.round((value / conversion.factor) * 100) / 100
  return { min: round(range.min), max: round(range.max) }
}

/** Outside the quantity's range (in the value's unit); a unit the quantity cannot be in is implausible too. */
export function isImplausible(quantity: WeatherQuantity, value: number, unit: string): boolean {
  const range = plausibleRangeIn(quantity, unit)
  if (!range || !Number.isFinite(value)) return true
  return value < range.min || value > range.max
}

export interface TimedValue {
  ts: Date
  value: number | null
}

/**
 * Since when the value has held still, by `rule`, or null when it is not stuck. `readings` in any
 * order; values equal when they round alike to `decimals` (the sensor's resolution), so float
 * noise below it does not count as change.
 */
export function stuckSince(readings: readonly TimedValue[], rule: StuckRule, decimals = 2): Date | null {
  if (readings.length === 0) return null
  const sorted = [...readings].sort((a, b) => a.ts.getTime() - b.ts.getTime())
  const newest = sorted[sorted.length - 1]!
  const windowMs = rule.hours * 3_600_000
  const from = newest.ts.getTime() - windowMs
  const inWindow = sorted.filter((reading) => reading.ts.getTime() >= from)
  if (inWindow.length < rule.minReadings) return null
  const oldest = inWindow[0]!
  if (newest.ts.getTime() - oldest.ts.getTime() < windowMs / 2) return null
  const factor = 10 ** decimals
  const rounded = (value: number | null) => (value === null ? null : Math.round(value * factor) / factor)
  const value = rounded(newest.value)
  if (value === null) return null
  if (!inWindow.every((reading) => rounded(reading.value) === value)) return null
  if (rule.exempt.some((exempt) => Math.round(exempt * factor) / factor === value)) return null
  // Since the first of the unchanged run, which may start before the window.
  let since = oldest.ts
  for (let index = sorted.indexOf(oldest) - 1; index >= 0; index--) {
    const reading = sorted[index]!
    if (rounded(reading.value) !== value) break
    since = reading.ts
  }
  return since
}

export const weatherCheckStatuses = ['ok', 'implausible', 'stuck', 'no_data'] as const
export type WeatherCheckStatus = (typeof weatherCheckStatuses)[number]

/**
 * One reading's verdict: no value, then outside the range, then stuck (an implausible value that
 * also holds still is reported as implausible: the range says more). `readings` is the recent
 * history of the same field for the stuck rule (empty when the quantity cannot stick).
 */
export function checkWeatherReading(input: {
  quantity: WeatherQuantity
  value: number | null
  unit: string
  readings: readonly TimedValue[]
  decimals?: number
}): { status: WeatherCheckStatus; stuck_since: Date | null } {
  if (input.value === null || !Number.isFinite(input.value)) return { status: 'no_data', stuck_since: null }
  if (isImplausible(input.quantity, input.value, input.unit))
    return { status: 'implausible', stuck_since: null }
  const rule = plausibleRanges[input.quantity].stuck
  const since = rule ? stuckSince(input.readings, rule, input.decimals) : null
  return since ? { status: 'stuck', stuck_since: since } : { status: 'ok', stuck_since: null }
}

// ---- Which readings are weather ----

/** The AM-200's meteorological fields (spec 02 section 3.3) and their quantities. */
export const airStationQuantities: Readonly<Record<string, WeatherQuantity>> = {
  TEMP_1: 'air_temperature',
  humidity: 'air_humidity',
  TEMP_DEW_1: 'dew_point',
  VPD_1: 'vpd',
}

/** Equipment types of an AM-600 input that are weather instruments (spec 02 section 3.6). */
export const weatherEquipmentQuantities: Readonly<Record<string, WeatherQuantity>> = {
  ...Object.fromEntries(rainGaugeTypes.map((type) => [type, 'rain_day'])),
  ...Object.fromEntries(anemometerTypes.map((type) => [type, 'wind_speed'])),
  anemometer_direction_v: 'wind_direction',
  anemometer_direction_c: 'wind_direction',
}

/**
 * A generic voltage or current input whose custom unit names a meteorological quantity (a
 * barometer in hPa, a pyranometer in W/m²): the catalogue has no such equipment type, so the unit
 * the installer gave is what says what it measures.
 */
export function quantityOfCustomUnit(unit: string): WeatherQuantity | null {
  const normalized = unit.trim()
  if (normalized === 'hPa' || normalized === 'mbar') return 'pressure'
  if (normalized === 'W/m²' || normalized === 'W/m2') return 'radiation'
  return null
}

// ---- The answer ----

export const weatherCheckItemSchema = z.object({
  id_object: z.number().int(),
  object_name: z.string(),
  model: z.string(),
  /** The input equipment (AM-600) the value comes from; null for a module's own field (AM-200). */
  id_output: z.number().int().nullable(),
  /** The equipment's name, or '' for a module's own field (the browser names the field). */
  name: z.string(),
  field: z.string(),
  quantity: z.enum(weatherQuantities),
  value: z.number().nullable(),
  unit: z.string(),
  /** The sensor's resolution: the value is shown with this many decimals. */
  decimals: z.number().int().min(0).max(3),
  /** When the value was measured (ISO); null: never. */
  at: z.string().nullable(),
  /** Seconds since `at` when checked. */
  age_seconds: z.number().int().nullable(),
  /** The plausible range in `unit`; null when the unit is not one the quantity is read in. */
  range: z.object({ min: z.number(), max: z.number() }).nullable(),
  status: z.enum(weatherCheckStatuses),
  /** Stuck: the value has not changed since then (ISO). */
  stuck_since: z.string().nullable(),
  /** Stuck rule's window in hours; null when the quantity may hold still. */
  stuck_hours: z.number().nullable(),
})
export type WeatherCheckItem = z.infer<typeof weatherCheckItemSchema>

/** POST /api/test/weather: every weather reading of the account's stations, checked now. */
export const weatherCheckAnswerSchema = z.object({
  checked_at: z.string(),
  /** The farm's zone, for every time shown. */
  time_zone: z.string(),
  items: z.array(weatherCheckItemSchema),
  counts: z.object({
    ok: z.number().int(),
    implausible: z.number().int(),
    stuck: z.number().int(),
    no_data: z.number().int(),
  }),
  /** The recorded test run; null when it could not be recorded. */
  id_run: z.number().int().nullable(),
})
export type WeatherCheckAnswer = z.infer<typeof weatherCheckAnswerSchema>

/** Counts of each status, for the answer and the recorded run. */
export function countStatuses(items: readonly { status: WeatherCheckStatus }[]) {
  const counts = Object.fromEntries(weatherCheckStatuses.map((status) => [status, 0])) as Record<
    WeatherCheckStatus,
    number
  >
  for (const item of items) counts[item.status]++
  return counts
}
