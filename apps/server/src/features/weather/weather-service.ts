import {
  airStationModel,
  countedFieldOf,
  counterTypeOf,
  defaultFarmTimeZone,
  findModel,
  isAirStationModel,
  isAnemometerType,
  isRainGaugeType,
  localDayWindow,
  rainDays,
  rainMillimetres,
  type WeatherAnswer,
  type WeatherInputChoice,
  type WeatherSettings,
  type WeatherSettingsAnswer,
  windSpeedFromPulses,
  windSpeedUnitOf,
} from '@kropla/domain'
import { validationFailed } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { countedWind } from './counted-wind'
import { type AccountInput, createWeatherDal, type WeatherDal } from './weather-dal'

const unitOf = (field: string) =>
  findModel(airStationModel)?.inputs.find((input) => input.name === field)?.unit ?? ''
const roundTo = (value: number | null, decimals: number) =>
  value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals

const toChoice = (input: AccountInput): WeatherInputChoice => ({
  id: input.id,
  name: input.name,
  id_object: input.id_object,
  object_name: input.object_name,
  field_name: input.field_name,
  type: input.type,
})

/**
 * The farm's weather from its own stations (issue 13, item 6): the choice of stations per client
 * account, and now / today / the last days computed from the raw readings.
 */
export function createWeatherService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())

  async function getSettings(idClient: number): Promise<WeatherSettingsAnswer> {
    const dal = createWeatherDal(deps.db, idClient)
    const [settings, modules, inputs] = await Promise.all([dal.settings(), dal.modules(), dal.inputs()])
    return {
      settings,
      choices: {
        air_stations: modules
          .filter((module) => isAirStationModel(module.model))
          .map(({ id, name }) => ({ id, name })),
        rain_gauges: inputs.filter((input) => isRainGaugeType(input.type)).map(toChoice),
        anemometers: inputs.filter((input) => isAnemometerType(input.type)).map(toChoice),
      },
    }
  }

  /** Only the account's own AM-200 and inputs of a fitting type: anything else is a 400 on its field. */
  async function saveSettings(idClient: number, settings: WeatherSettings): Promise<WeatherSettingsAnswer> {
    const dal = createWeatherDal(deps.db, idClient)
    const issues: { path: string; message: string }[] = []
    if (settings.air_object_id !== null) {
      const module = await dal.module(settings.air_object_id)
      if (!module || !isAirStationModel(module.model))
        issues.push({ path: 'air_object_id', message: 'errors.choice_invalid' })
    }
    const checkInput = async (
      id: number | null,
      path: string,
      fits: (type: string) => boolean,
    ): Promise<void> => {
      if (id === null) return
      const [input] = await dal.inputs(id)
      if (!input || !fits(input.type)) issues.push({ path, message: 'errors.choice_invalid' })
    }
    await checkInput(settings.rain_output_id, 'rain_output_id', isRainGaugeType)
    await checkInput(settings.wind_output_id, 'wind_output_id', isAnemometerType)
    if (issues.length) throw validationFailed(issues)
    await dal.saveSettings(settings)
    return getSettings(idClient)
  }

  async function air(dal: WeatherDal, id: number, today: { start: Date; end: Date }) {
    const module = await dal.module(id)
    if (!module || !isAirStationModel(module.model)) return null
    const latest = await dal.latest(id, ['TEMP_1', 'humidity', 'TEMP_DEW_1'])
    const extremes = await dal.range(id, 'TEMP_1', today.start, today.end)
    const value = (field: string) => ({
      value: roundTo(latest.get(field)?.value ?? null, 1),
      unit: unitOf(field),
    })
    const times = [...latest.values()].map((entry) => entry.ts.getTime())
    return {
      id_object: module.id,
      name: module.name,
      last_at: times.length ? new Date(Math.max(...times)).toISOString() : null,
      temperature: value('TEMP_1'),
      humidity: value('humidity'),
      dew_point: value('TEMP_DEW_1'),
      today_min: { value: roundTo(extremes.min, 1), unit: unitOf('TEMP_1') },
      today_max: { value: roundTo(extremes.max, 1), unit: unitOf('TEMP_1') },
    }
  }

  async function rain(dal: WeatherDal, id: number, at: Date, timeZone: string) {
    const [input] = await dal.inputs(id)
    if (!input || !isRainGaugeType(input.type)) return null
    const today = localDayWindow(at, timeZone)
    const days = localDayWindow(at, timeZone, rainDays - 1)
    const incremental = counterTypeOf(input.properties) === 1
    const counted = await dal.pulses(
      input.id_object,
      countedFieldOf(input.field_name),
      incremental,
      days.start,
      today.start,
      today.end,
    )
    return {
      id_output: input.id,
      id_object: input.id_object,
      name: input.name,
      last_at: counted.lastAt?.toISOString() ?? null,
      today: { value: rainMillimetres(counted.today, input.properties), unit: 'mm' },
      last_days: { value: rainMillimetres(counted.total, input.properties), unit: 'mm' },
      days: rainDays,
    }
  }

  async function wind(dal: WeatherDal, id: number, today: { start: Date; end: Date }) {
    const [input] = await dal.inputs(id)
    if (!input || !isAnemometerType(input.type)) return null
    const unit = windSpeedUnitOf(input.properties)
    const base = { id_output: input.id, id_object: input.id_object, name: input.name }
    if (input.type === 'anemometer_speed_count') {
      const rates = await countedWind(dal, input, today)
      const speed = rates.speed
      return {
        ...base,
        last_at: rates.lastAt?.toISOString() ?? null,
        speed: { value: speed, unit },
        today_max: {
          value: rates.maxRate === null ? null : windSpeedFromPulses(rates.maxRate, 1, input.properties),
          unit,
        },
      }
    }
    // A voltage or current anemometer reports the speed itself, scaled by the module.
    const latest = (await dal.latest(input.id_object, [input.field_name])).get(input.field_name)
    const extremes = await dal.range(input.id_object, input.field_name, today.start, today.end)
    return {
      ...base,
      last_at: latest?.ts.toISOString() ?? null,
      speed: { value: roundTo(latest?.value ?? null, 1), unit },
      today_max: { value: roundTo(extremes.max, 1), unit },
    }
  }

  async function weather(idClient: number): Promise<WeatherAnswer> {
    const dal = createWeatherDal(deps.db, idClient)
    const at = now()
    const [settings, zone] = await Promise.all([dal.settings(), dal.timeZone()])
    const timeZone = zone ?? defaultFarmTimeZone
    const today = localDayWindow(at, timeZone)
    return {
      time_zone: timeZone,
      today_start: today.start.toISOString(),
      today_end: today.end.toISOString(),
      air: settings.air_object_id === null ? null : await air(dal, settings.air_object_id, today),
      rain: settings.rain_output_id === null ? null : await rain(dal, settings.rain_output_id, at, timeZone),
      wind: settings.wind_output_id === null ? null : await wind(dal, settings.wind_output_id, today),
    }
  }

  return { getSettings, saveSettings, weather }
}
export type WeatherService = ReturnType<typeof createWeatherService>
