import { describe, expect, it } from 'vitest'
import {
  estimatedGroundMinimum,
  freezeThreshold,
  frostWarningIndex,
  infectionRisk,
  temperatureGap,
} from './frost-and-disease'
import { vapourPressureDeficit } from './psychrometrics'

describe('AM-200 indices', () => {
  it('flags infection risk in humid air only', () => {
    expect(infectionRisk(vapourPressureDeficit(15, 96))).toBe(1)
    expect(infectionRisk(vapourPressureDeficit(15, 60))).toBe(0)
  })

  it('estimates the ground minimum below the wet bulb, and the gap as the dew-point spread', () => {
    expect(estimatedGroundMinimum(6)).toBe(4)
    expect(temperatureGap(14, 9.5)).toBe(4.5)
  })

  it('reaches 100 % frost warning when the ground minimum reaches the threshold, and stays within 0-200', () => {
    expect(frostWarningIndex(0, 0)).toBe(100)
    expect(frostWarningIndex(-3, 0)).toBeGreaterThan(100)
    expect(frostWarningIndex(5, 0)).toBeLessThan(100)
    expect(frostWarningIndex(30, 0)).toBe(0)
    expect(frostWarningIndex(-40, 0)).toBe(200)
  })

  it('interpolates the freezing threshold between dry and saturated air, 0 °C when unset', () => {
    expect(freezeThreshold(50, { atDryAir: -4, atSaturatedAir: -2 })).toBe(-3)
    expect(freezeThreshold(80, { atDryAir: null, atSaturatedAir: null })).toBe(0)
  })
})
