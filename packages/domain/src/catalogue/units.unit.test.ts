import { describe, expect, it } from 'vitest'
import { inUserUnit } from './units'

describe('a reading in the unit the user reads', () => {
  it('turns Celsius into Fahrenheit for a user who chose it, and leaves every other unit alone', () => {
    expect(inUserUnit(30, '°C', 'F')).toEqual({ amount: 86, unit: '°F' })
    expect(inUserUnit(-40, '°C', 'F')).toEqual({ amount: -40, unit: '°F' })
    expect(inUserUnit(30, '°C', 'C')).toEqual({ amount: 30, unit: '°C' })
    expect(inUserUnit(18.5, '%', 'F')).toEqual({ amount: 18.5, unit: '%' })
  })
})
