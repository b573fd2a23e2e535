import {
  alarmComparators,
  alarmKey,
  type DeviceModel,
  defaultProperties,
  type ObjectDetail,
  objectSettingsSchemaFor,
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

export function moduleFormValues(object: ObjectDetail, model: DeviceModel): ModuleFormValues {
  const defaults = defaultProperties(model.properties)
  const properties = Object.fromEntries(
    Object.keys(defaults).map((name) => [name, object.properties[name] ?? defaults[name] ?? null]),
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
      alarms[key] = { active: saved?.active ?? false, value: saved?.value ?? null }
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
 * that have a value (an active one without a value stays in, so the schema says it is required).
 */
export function moduleRequestBody(raw: Record<string, unknown>) {
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
    if (threshold.value !== null || threshold.active) alarms[key] = threshold
  return {
    name: values.name,
    marker: values.marker,
    location: locationInput(values.location),
    properties: values.properties,
    config: { inputs, alarms },
  }
}

/** The page's check: the generic update schema, then the model's own (bounds, inputs, alarm fields). */
export function moduleFormSchema(model: DeviceModel): FormSchema {
  return combinedSchema(
    [{ schema: updateObjectSchema }, { schema: objectSettingsSchemaFor(model) }],
    moduleRequestBody,
  )
}
