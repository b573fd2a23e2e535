import { findInput, findModel, type InputField, type ObjectSummary } from '@kropla/domain'

/** A module's battery and signal fields, as the catalogue names them (the first one it reports). */
const batteryFields = ['battvol', 'BATTERY_1'] as const
const signalFields = ['sigstr', 'gsmstr'] as const

export interface FieldReading {
  field: string
  input: InputField | undefined
  value: number | null
  at: string | null
}

function first(object: ObjectSummary, fields: readonly string[]): FieldReading | null {
  const model = findModel(object.last_device_model)
  for (const field of fields) {
    const latest = object.latest[field]
    if (latest)
      return { field, input: model && findInput(model, field), value: latest.value, at: latest.dtimestamp }
  }
  return null
}

export const batteryOf = (object: ObjectSummary) => first(object, batteryFields)
export const signalOf = (object: ObjectSummary) => first(object, signalFields)

/** Every field the module reported, newest first, with its catalogue input. */
export function readingsOf(object: ObjectSummary): FieldReading[] {
  const model = findModel(object.last_device_model)
  return Object.entries(object.latest)
    .map(([field, latest]) => ({
      field,
      input: model && findInput(model, field),
      value: latest.value,
      at: latest.dtimestamp,
    }))
    .sort((a, b) => (b.at ?? '').localeCompare(a.at ?? '') || a.field.localeCompare(b.field))
}
