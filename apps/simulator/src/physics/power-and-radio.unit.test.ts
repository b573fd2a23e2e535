import { describe, expect, it } from 'vitest'
import { batteryVoltage, signalStrength } from './power-and-radio'
import { createRandom } from './random'

describe('battery and radio', () => {
  const random = createRandom(11)
  const moments = Array.from({ length: 24 * 60 }, (_, i) => new Date(Date.UTC(2026, 4, 1) + i * 3_600_000))

  it('keeps the battery within 3.6-3.9 V and lets it drift rather than jump', () => {
    const voltages = moments.map((at) => batteryVoltage(at, 1.2, 0.5, random))
    for (const voltage of voltages) {
      expect(voltage).toBeGreaterThanOrEqual(3.6)
      expect(voltage).toBeLessThanOrEqual(3.9)
    }
    expect(Math.max(...voltages) - Math.min(...voltages)).toBeGreaterThan(0.05)
    voltages.slice(1).forEach((voltage, i) => {
      expect(Math.abs(voltage - voltages[i]!)).toBeLessThan(0.05)
    })
  })

  it('charges a little in the sun', () => {
    const at = new Date('2026-05-01T12:00:00Z')
    const quiet = createRandom(1)
    const inShade = batteryVoltage(at, 0, 0, quiet)
    expect(batteryVoltage(at, 0, 1, createRandom(1))).toBeGreaterThan(inShade)
  })

  it('keeps the signal within 60-95 %', () => {
    const strengths = moments.map((at) => signalStrength(at, 2.5, random))
    for (const strength of strengths) {
      expect(strength).toBeGreaterThanOrEqual(60)
      expect(strength).toBeLessThanOrEqual(95)
    }
    expect(Math.max(...strengths) - Math.min(...strengths)).toBeGreaterThan(10)
  })
})
