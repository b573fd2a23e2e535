import {
  airStationQuantities,
  checkWeatherReading,
  countedFieldOf,
  counterTypeOf,
  countStatuses,
  defaultFarmTimeZone,
  findModel,
  isAirStationModel,
  localDayWindow,
  plausibleRangeIn,
  plausibleRanges,
  quantityOfCustomUnit,
  rainMillimetres,
  type WeatherCheckAnswer,
  type WeatherCheckItem,
  type WeatherQuantity,
  weatherEquipmentQuantities,
  windSpeedUnitOf,
} from '@kropla/domain'
import type { Db } from '../../db/client'
import { countedWind } from '../weather/counted-wind'
import { type AccountInput, createWeatherDal, type WeatherDal } from '../weather/weather-dal'
import { createTestWeatherDal, type RecentReading, type TestWeatherDal } from './test-weather-dal'

/** What the check records as a test run (kind 'weather'); answers the run's id, or null. */
export type RecordWeatherRun = (run: {
  idClient: number
  idUser: number
  answer: Omit<WeatherCheckAnswer, 'id_run'>
}) => Promise<number | null>

/** A value found for one reading, before its check. */
interface Found {
  id_object: number
  object_name: string
  model: string
  id_output: number | null
  name: string
  field: string
  quantity: WeatherQuantity
  value: number | null
  unit: string
  at: Date | null
  decimals: number
  /** The field whose history the stuck rule reads; null: a counted quantity, never stuck. */
  historyField: string | null
}

const round = (value: number | null, decimals: number) =>
  value === null ? null : Math.round(value * 10 ** decimals) / 10 ** decimals
const stringOf = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The weather stations' check (/test/weather): every meteorological reading of the account's
 * stations (each AM-200's air readings, each AM-600 input set up as a rain gauge, anemometer or
 * wind vane, and generic inputs in hPa or W/m²) against its plausible range, and stuck when it
 * has not changed over its window (packages/domain test-area/weather-check.ts holds the rules).
 */
export function createTestWeatherService(deps: { db: Db; now?: () => Date; record?: RecordWeatherRun }) {
  const now = deps.now ?? (() => new Date())

  async function airReadings(dal: WeatherDal): Promise<Found[]> {
    const modules = (await dal.modules()).filter((module) => isAirStationModel(module.model))
    const found: Found[] = []
    for (const module of modules) {
      const fields = Object.keys(airStationQuantities)
      const latest = await dal.latest(module.id, fields)
      const inputs = findModel(module.model)?.inputs ?? []
      for (const field of fields) {
        const input = inputs.find((candidate) => candidate.name === field)
        const reading = latest.get(field)
        found.push({
          id_object: module.id,
          object_name: module.name,
          model: module.model,
          id_output: null,
          name: '',
          field,
          quantity: airStationQuantities[field]!,
          value: reading?.value ?? null,
          unit: input?.unit ?? '',
          at: reading?.ts ?? null,
          decimals: input?.decimals ?? 1,
          historyField: field,
        })
      }
    }
    return found
  }

  async function inputReading(
    dal: WeatherDal,
    input: AccountInput,
    model: string,
    quantity: WeatherQuantity,
    at: Date,
    timeZone: string,
  ): Promise<Found> {
    const base = {
      id_object: input.id_object,
      object_name: input.object_name,
      model,
      id_output: input.id,
      name: input.name,
      field: input.field_name,
      quantity,
    }
    if (input.type === 'udometer') {
      // Rain is counted: today's millimetres in the farm's day.
      const today = localDayWindow(at, timeZone)
      const counted = await dal.pulses(
        input.id_object,
        countedFieldOf(input.field_name),
        counterTypeOf(input.properties) === 1,
        today.start,
        today.start,
        today.end,
      )
      return {
        ...base,
        value: counted.lastAt ? rainMillimetres(counted.today, input.properties) : null,
        unit: 'mm',
        at: counted.lastAt,
        decimals: 1,
        historyField: null,
      }
    }
    if (input.type === 'anemometer_speed_count') {
      const today = localDayWindow(at, timeZone)
      const rates = await countedWind(dal, input, today)
      return {
        ...base,
        value: rates.speed,
        unit: windSpeedUnitOf(input.properties),
        at: rates.lastAt,
        decimals: 1,
        historyField: null,
      }
    }
    const latest = (await dal.latest(input.id_object, [input.field_name])).get(input.field_name)
    const unit =
      quantity === 'wind_speed'
        ? windSpeedUnitOf(input.properties)
        : quantity === 'wind_direction'
          ? '°'
          : stringOf(input.properties.custom_units).trim()
    return {
      ...base,
      value: round(latest?.value ?? null, 1),
      unit,
      at: latest?.ts ?? null,
      decimals: 1,
      historyField: input.field_name,
    }
  }

  async function inputReadings(dal: WeatherDal, at: Date, timeZone: string): Promise<Found[]> {
    const [inputs, modules] = await Promise.all([dal.inputs(), dal.modules()])
    const modelOf = new Map(modules.map((module) => [module.id, module.model]))
    const found: Found[] = []
    for (const input of inputs) {
      const quantity =
        weatherEquipmentQuantities[input.type] ??
        (input.kind === 'voltage_input' || input.kind === 'current_input'
          ? quantityOfCustomUnit(stringOf(input.properties.custom_units))
          : null)
      if (!quantity) continue
      found.push(await inputReading(dal, input, modelOf.get(input.id_object) ?? '', quantity, at, timeZone))
    }
    return found
  }

  async function history(history: TestWeatherDal, found: Found): Promise<RecentReading[]> {
    const rule = plausibleRanges[found.quantity].stuck
    if (!rule || found.historyField === null || found.value === null) return []
    // Twice the window: the answer says since when it has held still, often before the window.
    return history.recent(found.id_object, found.historyField, rule.hours * 2)
  }

  /** Checks every weather reading of the account now, and records the check as a test run. */
  async function check(idClient: number, idUser: number): Promise<WeatherCheckAnswer> {
    const dal = createWeatherDal(deps.db, idClient)
    const recent = createTestWeatherDal(deps.db, idClient)
    const at = now()
    const timeZone = (await dal.timeZone()) ?? defaultFarmTimeZone
    const found = [...(await airReadings(dal)), ...(await inputReadings(dal, at, timeZone))]
    const items: WeatherCheckItem[] = []
    for (const reading of found) {
      const verdict = checkWeatherReading({
        quantity: reading.quantity,
        value: reading.value,
        unit: reading.unit,
        readings: await history(recent, reading),
        decimals: reading.decimals,
      })
      items.push({
        id_object: reading.id_object,
        object_name: reading.object_name,
        model: reading.model,
        id_output: reading.id_output,
        name: reading.name,
        field: reading.field,
        quantity: reading.quantity,
        value: round(reading.value, reading.decimals),
        unit: reading.unit,
        decimals: reading.decimals,
        at: reading.at?.toISOString() ?? null,
        age_seconds: reading.at
          ? Math.max(0, Math.round((at.getTime() - reading.at.getTime()) / 1000))
          : null,
        range: plausibleRangeIn(reading.quantity, reading.unit),
        status: verdict.status,
        stuck_since: verdict.stuck_since?.toISOString() ?? null,
        stuck_hours: plausibleRanges[reading.quantity].stuck?.hours ?? null,
      })
    }
    const answer = { checked_at: at.toISOString(), time_zone: timeZone, items, counts: countStatuses(items) }
    const idRun = deps.record ? await deps.record({ idClient, idUser, answer }) : null
    return { ...answer, id_run: idRun }
  }

  return { check }
}
export type TestWeatherService = ReturnType<typeof createTestWeatherService>
