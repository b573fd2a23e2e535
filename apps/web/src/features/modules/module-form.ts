import {
  alarmComparators,
  alarmKey,
  type DeviceModel,
  defaultProperties,
  fromUserUnit,
  inUserUnit,
  type ObjectDetail,
  objectSettingsSchemaFor,
  parseAlarmKey,
  type TemperatureUnit,
  updateObjectSchema,
} from '@kropla/domain'
import type { FormSchema } from '../../lib/use-schema-form'
import { combinedSchema, type LocationValues, locationInput } from './form-schema'

/** One input's row of the module page: label and units on every model, type and scaling on AM-600. */
export interface InputValues {
  custom_label: string
  custom_units: string
  input_type?: number
  multiplier?: number | null
  value_low?: number | null
  value_high?: number | null
}

export interface ThresholdValues {
  active: boolean
  value: number | null
}

export interface ModuleFormValues extends Record<string, unknown> {
  name: string
  marker: number
  location: LocationValues
  properties: Record<string, number | string | null>
  config: { inputs: Record<string, InputValues>; alarms: Record<string, ThresholdValues> }
}

/** Inputs a user can label: every reading of the model but the communication flag. */
export function labelledInputs(model: DeviceModel) {
  return model.inputs.filter((input) => input.kind !== 'flag')
}

/** The catalogue's unit of an alarm field (the reading it watches): '°C' for a temperature. */
export function alarmFieldUnit(model: DeviceModel, field: string): string {
  return model.inputs.find((input) => input.name === field)?.unit ?? ''
}

const propertyUnit = (model: DeviceModel, name: string) => {
  const definition = model.properties.find((property) => property.name === name)
  return definition?.kind === 'number' ? (definition.unit ?? '') : ''
}

/** Shown in the user's unit, rounded to hundredths so a value saved untouched comes back as it was. */
function shown(value: number | null, unit: string, temperatureUnit: TemperatureUnit): number | null {
  if (value === null) return null
  const { amount } = inUserUnit(value, unit, temperatureUnit)
  return unit === '°C' && temperatureUnit === 'F' ? Math.round(amount * 100) / 100 : amount
}

/** A typed number back in the catalogue's unit (°F into °C); anything else as it is. */
function stored<T>(value: T, unit: string, temperatureUnit: TemperatureUnit): T | number {
  return typeof value === 'number' ? fromUserUnit(value, unit, temperatureUnit) : value
}

/** A model's settings as the form shows them: °C settings in the user's unit. */
export function propertiesInUserUnit(
  model: DeviceModel,
  properties: Record<string, number | string | null>,
  temperatureUnit: TemperatureUnit,
): Record<string, number | string | null> {
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [
      name,
      typeof value === 'number' ? shown(value, propertyUnit(model, name), temperatureUnit) : value,
    ]),
  )
}

/** The form's settings back in the catalogue's units (°F typed into a °C setting stored in °C). */
export function propertiesFromUserUnit(
  model: DeviceModel,
  properties: Record<string, number | string | null>,
  temperatureUnit: TemperatureUnit,
): Record<string, number | string | null> {
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [
      name,
      stored(value, propertyUnit(model, name), temperatureUnit),
    ]),
  )
}

/**
 * The form's values, every temperature (thresholds, temperature settings) in the user's unit: a
 * user who reads °F types °F, and `moduleRequestBody` turns it back into °C.
 */
export function moduleFormValues(
  object: ObjectDetail,
  model: DeviceModel,
  temperatureUnit: TemperatureUnit = 'C',
): ModuleFormValues {
  const defaults = defaultProperties(model.properties)
  const properties = propertiesInUserUnit(
    model,
    Object.fromEntries(
      Object.keys(defaults).map((name) => [name, object.properties[name] ?? defaults[name] ?? null]),
    ),
    temperatureUnit,
  )
  const configurable = new Map(model.configurableInputs.map((input) => [input.field, input]))
  const inputs: Record<string, InputValues> = {}
  for (const input of labelledInputs(model)) {
    const saved = object.config.inputs[input.name] ?? {}
    inputs[input.name] = {
      custom_label: saved.custom_label ?? '',
      custom_units: saved.custom_units ?? '',
      ...(configurable.has(input.name)
        ? {
            input_type: saved.input_type ?? 0,
            multiplier: saved.multiplier ?? 1,
            value_low: saved.value_low ?? 0,
            value_high: saved.value_high ?? 1,
          }
        : {}),
    }
  }
  const alarms: Record<string, ThresholdValues> = {}
  for (const field of model.alarmFields)
    for (const comparator of alarmComparators) {
      const key = alarmKey(field, comparator)
      const saved = object.config.alarms[key]
      alarms[key] = {
        active: saved?.active ?? false,
        value: shown(saved?.value ?? null, alarmFieldUnit(model, field), temperatureUnit),
      }
    }
  return {
    name: object.name,
    marker: object.marker,
    location: { lat: object.location?.lat ?? null, lng: object.location?.lng ?? null },
    properties,
    config: { inputs, alarms },
  }
}

const present = (value: number | null | undefined) => (value === null ? undefined : value)

/**
 * The PUT body: labels and units only where written, AM-600 settings for its inputs, thresholds
 * that have a value (an active one without a value stays in, so the schema says it is required),
 * temperatures typed in °F back in °C.
 */
export function moduleRequestBody(
  raw: Record<string, unknown>,
  model?: DeviceModel,
  temperatureUnit: TemperatureUnit = 'C',
) {
  const values = raw as ModuleFormValues
  const inputs: Record<string, Record<string, unknown>> = {}
  for (const [field, input] of Object.entries(values.config.inputs)) {
    const entry: Record<string, unknown> = {}
    if (input.custom_label.trim()) entry.custom_label = input.custom_label
    if (input.custom_units.trim()) entry.custom_units = input.custom_units
    if (input.input_type !== undefined) {
      entry.input_type = input.input_type
      entry.multiplier = present(input.multiplier)
      entry.value_low = present(input.value_low)
      entry.value_high = present(input.value_high)
    }
    if (Object.keys(entry).length > 0) inputs[field] = entry
  }
  const alarms: Record<string, ThresholdValues> = {}
  for (const [key, threshold] of Object.entries(values.config.alarms))
    if (threshold.value !== null || threshold.active) {
      const field = parseAlarmKey(key)?.field
      const unit = model && field ? alarmFieldUnit(model, field) : ''
      alarms[key] = { ...threshold, value: stored(threshold.value, unit, temperatureUnit) as number | null }
    }
  const properties = model
    ? propertiesFromUserUnit(model, values.properties, temperatureUnit)
    : values.properties
  return {
    name: values.name,
    marker: values.marker,
    location: locationInput(values.location),
    properties,
    config: { inputs, alarms },
  }
}

type PathIssue = { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] }
const pathOf = (issue: PathIssue) =>
  (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.')

/** How a threshold outside its reading's range is refused, in the user's unit and words. */
export type ThresholdRangeMessage = (range: { min: number; max: number; unit: string }) => string

/**
 * The reading's range in the user's unit (a temperature's in °F for a Fahrenheit user), rounded to
 * tenths as said; null where the catalogue gives the reading no range.
 */
export function thresholdRange(
  model: DeviceModel,
  field: string,
  temperatureUnit: TemperatureUnit,
): { min: number; max: number; unit: string } | null {
  const input = model.inputs.find((candidate) => candidate.name === field)
  if (input?.min === undefined || input.max === undefined) return null
  const inUnit = (limit: number) => inUserUnit(limit, input.unit, temperatureUnit)
  const round = (amount: number) => Math.round(amount * 10) / 10
  return { min: round(inUnit(input.min).amount), max: round(inUnit(input.max).amount), unit: inUnit(0).unit }
}

/**
 * Thresholds within their reading's range, checked on the form's values in the user's unit and
 * worded in it ("between -40 and 158 °F"), before anything is sent; a reading never goes beyond
 * its range, so such a threshold would never be reached.
 */
function thresholdRangeSchema(
  model: DeviceModel,
  temperatureUnit: TemperatureUnit,
  message: ThresholdRangeMessage,
): FormSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'kropla',
      validate: (raw) => {
        const alarms = (raw as ModuleFormValues).config?.alarms ?? {}
        const issues = []
        for (const [key, threshold] of Object.entries(alarms)) {
          const field = parseAlarmKey(key)?.field
          const range = field ? thresholdRange(model, field, temperatureUnit) : null
          const value = threshold.value
          if (!range || typeof value !== 'number') continue
          // Half a tenth of slack: the range is said rounded to tenths, and a typed bound is within it.
          if (value < range.min - 0.05 || value > range.max + 0.05)
            issues.push({ message: message(range), path: ['config', 'alarms', key, 'value'] })
        }
        return issues.length > 0 ? { issues } : { value: raw }
      },
    },
  } as FormSchema
}

/**
 * The page's check: the thresholds' ranges in the user's unit (when a wording is given), then the
 * generic update schema and the model's own (bounds, inputs, alarm fields), which the server applies too.
 */
export function moduleFormSchema(
  model: DeviceModel,
  temperatureUnit: TemperatureUnit = 'C',
  rangeMessage?: ThresholdRangeMessage,
): FormSchema {
  const shared = combinedSchema(
    [{ schema: updateObjectSchema }, { schema: objectSettingsSchemaFor(model) }],
    (values) => moduleRequestBody(values, model, temperatureUnit),
  )
  if (!rangeMessage) return shared
  const ranges = thresholdRangeSchema(model, temperatureUnit, rangeMessage)
  return {
    '~standard': {
      ...shared['~standard'],
      validate: (raw) => {
        const own = ranges['~standard'].validate(raw) as { issues?: readonly PathIssue[] }
        const rest = shared['~standard'].validate(raw) as { issues?: readonly PathIssue[]; value?: unknown }
        // The shared schema's own range refusal (worded without units) gives way to the one in the user's unit.
        const said = new Set((own.issues ?? []).map(pathOf))
        const issues = [
          ...(own.issues ?? []),
          ...(rest.issues ?? []).filter((issue) => !said.has(pathOf(issue))),
        ]
        return issues.length > 0 ? { issues } : rest
      },
    },
  } as FormSchema
}
