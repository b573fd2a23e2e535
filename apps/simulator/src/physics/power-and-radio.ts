import { noise, type Random } from './random'

const dayMs = 86_400_000

/** A slow wave over `periodDays`, in [-1, 1]. */
export function slowWave(at: Date, periodDays: number, phase: number): number {
  return Math.sin((2 * Math.PI * at.getTime()) / (periodDays * dayMs) + phase)
}

/**
 * V. A solar-buffered Li-ion cell: drifts over days with the weather around 3.75 V and gains a
 * little while the sun charges it; always within 3.6-3.9 V.
 */
export function batteryVoltage(at: Date, phase: number, sunshine: number, random: Random): number {
  const voltage = 3.74 + 0.08 * slowWave(at, 9.3, phase) + 0.05 * sunshine + noise(random, 0.004)
  return Math.min(3.9, Math.max(3.6, voltage))
}

/** %. Radio signal strength: the link fades and recovers over hours and days; within 60-95 %. */
export function signalStrength(at: Date, phase: number, random: Random): number {
  const strength = 78 + 9 * slowWave(at, 1.7, phase) + 4 * slowWave(at, 0.31, phase * 2) + noise(random, 1.5)
  return Math.min(95, Math.max(60, strength))
}

/** %. What a battery gauge shows for the cell's voltage: 20 % at 3.6 V up to 95 % at 3.9 V. */
export function batteryPercent(voltage: number): number {
  return 20 + (75 * (voltage - 3.6)) / 0.3
}
