import { findInput, findModel, type InputField } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { formatValue, type ValueFormatOptions } from './format-value'

const words = { on: 'on', off: 'off', unknown: 'N/A' }
const en: ValueFormatOptions = { lang: 'en', temperatureUnit: 'C', words }

function input(model: string, field: string): InputField {
  const found = findModel(model)
  const result = found && findInput(found, field)
  if (!result) throw new Error(`no ${field} on ${model}`)
  return result
}

describe('reading values', () => {
  it('rounds to the decimals the catalogue gives and adds the unit', () => {
    expect(formatValue(input('AM-100-103', 'TEMP_1'), 21.456, en)).toBe('21.5 °C')
    expect(formatValue(input('AM-100-103', 'ECW_1'), 1.2, en)).toBe('1.20 mS/cm')
    expect(formatValue(input('AM-200', 'PWI_1'), 87.6, en)).toBe('88 %')
  })

  it('writes decimals the Polish way in Polish', () => {
    expect(formatValue(input('AM-100-103', 'TEMP_1'), 21.456, { ...en, lang: 'pl' })).toBe('21,5 °C')
  })

  it('shows temperatures in Fahrenheit for a user who chose it', () => {
    expect(formatValue(input('AM-200', 'TEMP_1'), 20, { ...en, temperatureUnit: 'F' })).toBe('68.0 °F')
    expect(formatValue(input('AM-200', 'humidity'), 55, { ...en, temperatureUnit: 'F' })).toBe('55.0 %')
  })

  it('shows outputs as on, off or not available', () => {
    const o1 = input('AM-411', 'o1')
    expect(formatValue(o1, 1, en)).toBe('on')
    expect(formatValue(o1, 0, en)).toBe('off')
    expect(formatValue(o1, null, en)).toBe('N/A')
  })

  it('shows a missing number as not available rather than zero', () => {
    expect(formatValue(input('AM-200', 'TEMP_1'), null, en)).toBe('N/A')
  })

  it('still shows a field the catalogue does not know', () => {
    expect(formatValue(undefined, 4.567, en)).toBe('4.57')
  })
})
