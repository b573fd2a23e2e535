import { z } from 'zod'
import { findModel } from '../catalogue/catalogue'
import { type DayNumber, localDayNumber, zonedInstant } from '../irrigation/zoned-time'
import { idSchema } from '../resources/common'

/**
 * The farm's weather (issue 13, item 6): the account's own stations, chosen in /settings/weather.
 * Air from an AM-200; rain and wind from AM-600 inputs set up as a rain gauge (udometer) and an
 * anemometer (ADR 0060).
 */

/** The model that measures the air (spec 02 section 3.1: AM-200 ENVIRO). */
export const airStationModel = 'AM-200'
/** Equipment types of an AM-600 input that count rain (spec 02 section 3.6). */
export const rainGaugeTypes: readonly string[] = ['udometer']
/** Equipment types of an AM-600 input that measure wind speed: pulses, or a scaled voltage or current. */
export const anemometerTypes: readonly string[] = [
  'anemometer_speed_count',
  'anemometer_speed_v',
  'anemometer_speed_c',
]

export const isAirStationModel = (model: string) => findModel(model)?.code === airStationModel
export const isRainGaugeType = (type: string) => rainGaugeTypes.includes(type)
export const isAnemometerType = (type: string) => anemometerTypes.includes(type)

/**
 * The reading that carries a counter input's pulses: an AM-600 reports the pin level as DI_USR_3/4
 * and the running pulse total as cnt3/cnt4. Analog inputs are read as they are (already scaled).
 */
export function countedFieldOf(fieldName: string): string {
  const digital = /^DI_USR_([34])$/.exec(fieldName)
  return digital ? `cnt${digital[1]}` : fieldName
}

/** counter_type (spec 02 section 3.6): 0 differential, each reading the pulses since the one before; 1 incremental, a running total. */
export type CounterType = 0 | 1
export const counterTypeOf = (properties: Record<string, unknown>): CounterType =>
  properties.counter_type === 1 ? 1 : 0

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

/**
 * Millimetres of rain from a rain gauge's pulses: the multiplier is the water one pulse stands for
 * (udo_units 0 mm or 1 l/m², which is the same depth: 1 l on 1 m² stands 1 mm high). Rounded to
 * 0.1 mm, as the rainfall report rounds (spec 02 section 9).
 */
export function rainMillimetres(pulses: number, properties: Record<string, unknown>): number {
  const millimetres = pulses * numberOr(properties.multiplier, 1)
  return Math.round(millimetres * 10) / 10
}

/** anemo_speed_units: 0 m/s, 1 km/h (spec 02 section 3.6). */
export const windSpeedUnitOf = (properties: Record<string, unknown>) =>
  properties.anemo_speed_units === 1 ? 'km/h' : 'm/s'

/**
 * A pulse anemometer's speed over an interval: pulses per second times the multiplier (the speed
 * one pulse a second stands for, in the input's units). Null for an empty interval.
 */
export function windSpeedFromPulses(
  pulses: number,
  seconds: number,
  properties: Record<string, unknown>,
): number | null {
  if (!(seconds > 0) || pulses < 0) return null
  return Math.round((pulses / seconds) * numberOr(properties.multiplier, 1) * 10) / 10
}

/** [start, end) of the farm's calendar day that `now` falls on: 23 or 25 hours on a change of clocks. */
export function localDayWindow(now: Date, timeZone: string, daysBack = 0): { start: Date; end: Date } {
  const today: DayNumber = localDayNumber(now, timeZone)
  return {
    start: zonedInstant(today - daysBack, 0, timeZone),
    end: zonedInstant(today + 1, 0, timeZone),
  }
}

/** How many local days "the last days" of rain cover: today and the six before it. */
export const rainDays = 7

// ---- Settings ----

/** What an administrator chooses in /settings/weather; null: none chosen. */
export const weatherSettingsSchema = z.object({
  air_object_id: idSchema.nullable().default(null),
  rain_output_id: idSchema.nullable().default(null),
  wind_output_id: idSchema.nullable().default(null),
})
export type WeatherSettings = z.output<typeof weatherSettingsSchema>
export type SaveWeatherSettings = z.input<typeof weatherSettingsSchema>

export const weatherModuleChoiceSchema = z.object({ id: z.number().int(), name: z.string() })
export const weatherInputChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  id_object: z.number().int(),
  object_name: z.string(),
  field_name: z.string(),
  type: z.string(),
})
export type WeatherInputChoice = z.infer<typeof weatherInputChoiceSchema>

/** GET /api/weather/settings: the choice made and what may be chosen (only modules and inputs of fitting models). */
export const weatherSettingsAnswerSchema = z.object({
  settings: weatherSettingsSchema,
  choices: z.object({
    air_stations: z.array(weatherModuleChoiceSchema),
    rain_gauges: z.array(weatherInputChoiceSchema),
    anemometers: z.array(weatherInputChoiceSchema),
  }),
})
export type WeatherSettingsAnswer = z.infer<typeof weatherSettingsAnswerSchema>

// ---- The weather ----

/** A value with its unit; null value: no reading. */
export const weatherValueSchema = z.object({ value: z.number().nullable(), unit: z.string() })
export type WeatherValue = z.infer<typeof weatherValueSchema>

/** GET /api/weather: now, today's extremes, rain and wind from the account's chosen stations. */
export const weatherAnswerSchema = z.object({
  /** The farm's zone: "today" is its calendar day. */
  time_zone: z.string(),
  today_start: z.string(),
  today_end: z.string(),
  air: z
    .object({
      id_object: z.number().int(),
      name: z.string(),
      last_at: z.string().nullable(),
      temperature: weatherValueSchema,
      humidity: weatherValueSchema,
      dew_point: weatherValueSchema,
      today_min: weatherValueSchema,
      today_max: weatherValueSchema,
    })
    .nullable(),
  rain: z
    .object({
      id_output: z.number().int(),
      id_object: z.number().int(),
      name: z.string(),
      last_at: z.string().nullable(),
      today: weatherValueSchema,
      last_days: weatherValueSchema,
      days: z.number().int(),
    })
    .nullable(),
  wind: z
    .object({
      id_output: z.number().int(),
      id_object: z.number().int(),
      name: z.string(),
      last_at: z.string().nullable(),
      speed: weatherValueSchema,
      today_max: weatherValueSchema,
    })
    .nullable(),
})
export type WeatherAnswer = z.infer<typeof weatherAnswerSchema>
