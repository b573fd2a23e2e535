import type { TemperatureParts } from './weather'

const hourMs = 3_600_000
const dayMs = 24 * hourMs

/**
 * cm. Damping depth of the daily wave in moist mineral soil, sqrt(2κ/ω) with κ ≈ 0.5 mm²/s.
 * A wave of period P damps over sqrt(P / 1 day) times this depth.
 */
const dailyDampingDepthCm = 11.7

const scales = [
  { part: 'diurnal', periodMs: dayMs },
  { part: 'synoptic', periodMs: 6 * dayMs },
  { part: 'seasonal', periodMs: 365.25 * dayMs },
] as const

/**
 * Soil temperature at a depth, from the heat-conduction solution for a periodic surface wave:
 * each time scale of the air temperature reaches depth z damped by exp(-z/d) and late by
 * (z/d)/ω, so deep soil barely feels the day and lags the season by weeks.
 */
export function soilTemperature(
  depthCm: number,
  at: Date,
  temperatureParts: (at: Date) => TemperatureParts,
): number {
  let temperature = temperatureParts(at).annualMean
  for (const { part, periodMs } of scales) {
    const dampingDepth = dailyDampingDepthCm * Math.sqrt(periodMs / dayMs)
    const ratio = depthCm / dampingDepth
    const lagMs = (ratio * periodMs) / (2 * Math.PI)
    temperature += temperatureParts(new Date(at.getTime() - lagMs))[part] * Math.exp(-ratio)
  }
  return temperature
}
