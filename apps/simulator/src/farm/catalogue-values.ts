import type { DeviceModel } from '@kropla/domain'
import type { RawValues } from './module-behaviour'

/**
 * Shapes raw physics into what the module publishes: exactly the model's catalogue fields,
 * numbers held inside each field's range and rounded to its decimals. A behaviour that forgets or
 * invents a field is a simulator bug, so it fails loudly instead of sending it.
 */
export function toCatalogueValues(model: DeviceModel, raw: RawValues): RawValues {
  const names = model.inputs.map((input) => input.name)
  const missing = names.filter((name) => !(name in raw))
  const unknown = Object.keys(raw).filter((name) => !names.includes(name))
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `Simulated ${model.code} does not match the catalogue (missing: ${missing.join(', ') || 'none'}; unknown: ${unknown.join(', ') || 'none'})`,
    )
  }
  const values: RawValues = {}
  for (const input of model.inputs) {
    const value = raw[input.name]!
    values[input.name] = typeof value === 'number' ? fitToInput(value, input) : value
  }
  return values
}

function fitToInput(value: number, input: { min?: number; max?: number; decimals: number }): number {
  const inRange = Math.min(
    input.max ?? Number.POSITIVE_INFINITY,
    Math.max(input.min ?? Number.NEGATIVE_INFINITY, value),
  )
  const scale = 10 ** input.decimals
  // `+ 0` turns -0 into 0, which reads better in JSON.
  return Math.round(inRange * scale) / scale + 0
}
