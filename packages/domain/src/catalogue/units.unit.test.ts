import { describe, expect, it } from 'vitest'
import { fromUserUnit, inUserUnit, userUnit } from './units'

describe('a reading in the unit the user reads', () => {
  it('turns Celsius into Fahrenheit for a user who chose it, and leaves every other unit alone', () => {
    expect(inUserUnit(30, '°C', 'F')).toEqual({ amount: 86, unit: '°F' })
    expect(inUserUnit(-40, '°C', 'F')).toEqual({ amount: -40, unit: '°F' })
    expect(inUserUnit(30, '°C', 'C')).toEqual({ amount: 30, unit: '°C' })
    expect(inUserUnit(18.5, '%', 'F')).toEqual({ amount: 18.5, unit: '%' })
  })
})

describe("a value typed in the user's unit", () => {
  it('goes back to Celsius for a Fahrenheit user, rounded, and leaves every other unit alone', () => {
    expect(fromUserUnit(86, '°C', 'F')).toBe(30)
    expect(fromUserUnit(-40, '°C', 'F')).toBe(-40)
    expect(fromUserUnit(70, '°C', 'F')).toBe(21.11)
    expect(fromUserUnit(70, '°C', 'C')).toBe(70)
    expect(fromUserUnit(70, '%', 'F')).toBe(70)
  })

  it('gives back the stored Celsius value of a threshold shown in Fahrenheit and saved untouched', () => {
    for (const celsius of [21.3, -3.7, 0, 12.25, 35.05]) {
      const shown = Math.round(inUserUnit(celsius, '°C', 'F').amount * 100) / 100
      expect(fromUserUnit(shown, '°C', 'F')).toBe(celsius)
    }
  })

  it('names the unit the user reads', () => {
    expect(userUnit('°C', 'F')).toBe('°F')
    expect(userUnit('°C', 'C')).toBe('°C')
    expect(userUnit('kg', 'F')).toBe('kg')
  })
})
