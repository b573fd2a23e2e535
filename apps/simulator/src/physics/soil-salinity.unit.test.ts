import { describe, expect, it } from 'vitest'
import { mineralConcentration, poreWaterConductivity } from './soil-salinity'

describe('soil salinity', () => {
  it('concentrates as the soil dries and dilutes as it wets', () => {
    expect(poreWaterConductivity(15, 34)).toBeGreaterThan(poreWaterConductivity(30, 34))
    expect(poreWaterConductivity(28, 34)).toBeCloseTo(1.21, 2)
  })

  it('gives the mineral concentration in proportion to the conductivity', () => {
    expect(mineralConcentration(2)).toBeCloseTo(1.28, 6)
    expect(mineralConcentration(1)).toBeLessThan(mineralConcentration(2))
  })
})
