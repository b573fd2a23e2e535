import { describe, expect, it } from 'vitest'
import {
  evapotranspiration,
  irrigationMmPerHour,
  lightSoil,
  type SoilLayer,
  type SoilWaterConditions,
  simulateSoilWater,
} from './soil-water'

const layers: SoilLayer[] = [
  { depthCm: 10, thicknessMm: 200, rootShare: 0.6 },
  { depthCm: 30, thicknessMm: 250, rootShare: 0.3 },
  { depthCm: 60, thicknessMm: 350, rootShare: 0.1 },
]
const start = [24, 25.5, 27]
const hourMs = 3_600_000
const t0 = Date.parse('2026-07-01T00:00:00Z')

/** A clear summer day: 12 °C at night, 28 °C at 15:00, sun from 04:00 to 20:00. */
function summerDay(at: Date): SoilWaterConditions {
  const hour = (at.getTime() / hourMs) % 24
  const sun = Math.max(0, Math.sin((Math.PI * (hour - 4)) / 16))
  return { evapotranspirationMmPerHour: evapotranspiration(12 + 16 * sun, sun), irrigationMmPerHour: 0 }
}

const irrigatedBetween = (fromHour: number, toHour: number) => (at: Date) => {
  const hour = (at.getTime() - t0) / hourMs
  const on = hour >= fromHour && hour < toHour
  return { ...summerDay(at), irrigationMmPerHour: on ? irrigationMmPerHour : 0 }
}

const run = (hours: number, conditions: (at: Date) => SoilWaterConditions, from = start, fromMs = t0) =>
  simulateSoilWater(from, layers, lightSoil, fromMs, fromMs + hours * hourMs, conditions)

describe('soil water', () => {
  it('dries every level without irrigation, the deeper the slower', () => {
    const after = run(7 * 24, summerDay)
    const losses = start.map((moisture, i) => moisture - after[i]!)
    for (const loss of losses) expect(loss).toBeGreaterThan(0)
    expect(losses[0]).toBeGreaterThan(losses[1]!)
    expect(losses[1]).toBeGreaterThan(losses[2]!)
  })

  it('dries faster on a warm afternoon than at night', () => {
    const beforeNight = run(0, summerDay)
    const afterNight = run(4, summerDay)
    const beforeAfternoon = run(12, summerDay)
    const afterAfternoon = run(16, summerDay)
    const nightLoss = beforeNight[0]! - afterNight[0]!
    const afternoonLoss = beforeAfternoon[0]! - afterAfternoon[0]!
    expect(afternoonLoss).toBeGreaterThan(10 * Math.max(nightLoss, 0.001))
  })

  it('wets the top level while irrigating and the deeper ones as the water seeps down', () => {
    const wateredFourHours = irrigatedBetween(0, 4)
    expect(run(1, wateredFourHours)[0]).toBeGreaterThan(start[0]!)
    expect(run(4, wateredFourHours)[0]).toBeGreaterThan(run(4, summerDay)[0]! + 8)
    const dryDay = run(12, summerDay)
    const wateredDay = run(12, wateredFourHours)
    expect(wateredDay[0]).toBeGreaterThan(dryDay[0]!)
    expect(wateredDay[1]).toBeGreaterThan(dryDay[1]! + 1)
  })

  it('stays between the wilting point and saturation however long it is dry or watered', () => {
    for (const moisture of [...run(90 * 24, summerDay), ...run(10 * 24, irrigatedBetween(0, 240))]) {
      expect(moisture).toBeGreaterThanOrEqual(0)
      expect(moisture).toBeLessThanOrEqual(lightSoil.saturation)
    }
    for (const moisture of run(90 * 24, summerDay))
      expect(moisture).toBeGreaterThan(lightSoil.wiltingPoint - 0.5)
  })

  it('gives the same result however the time is cut into calls', () => {
    const whole = run(10, summerDay)
    const firstHalf = run(5, summerDay)
    const inTwo = run(5, summerDay, firstHalf, t0 + 5 * hourMs)
    inTwo.forEach((moisture, i) => {
      expect(moisture).toBeCloseTo(whole[i]!, 9)
    })
  })
})
