import { batteryVoltage, signalStrength } from '../physics/power-and-radio'
import { noise } from '../physics/random'
import { mineralWool } from '../physics/soil-water'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory } from './module-behaviour'
import { configProperty } from './module-config'
import { createSubstrateSlab } from './substrate-slab'

/** Litres of mineral wool on the scales: two 100 x 15 x 7.5 cm slabs. */
const slabLitres = 22.5
/** kg hanging on the scales besides the water: the dry slabs, the plants and the gutter. */
const dryKg = 6.5
/** Share of the load on tensometer 1; the gutter hangs a little off centre. */
const shareOnFirst = 0.53
/** Raw counts of each tensometer's converter with nothing on it, and per kg. */
const tensometers = [
  { zero: 84_210, countsPerKg: 4_182 },
  { zero: 79_655, countsPerKg: 4_236 },
]

/**
 * Scales (AM-301, JUSTICE) weighing greenhouse slabs hung on two tensometers: the slabs lose
 * water to the crop through the day and jump back with each irrigation. The module weighs each
 * tensometer (less half the tare), adds them up and reads the slab's water from the weight
 * between the dry and the saturated calibration (humi_0_weight, humi_100_weight; until they are
 * configured, the slabs' own dry and saturated weights).
 */
export const createScales: BehaviourFactory = (module, random, farm) => {
  const slab = createSubstrateSlab(module.serial, random, farm)
  const batteryPhase = random() * 2 * Math.PI
  const signalPhase = random() * 2 * Math.PI
  const { weather } = farm
  let tare = 0
  let humi0: number | undefined
  let humi100: number | undefined

  return {
    advance: slab.advance,
    configure(config) {
      tare = configProperty(config, 'tara_value') ?? 0
      humi0 = configProperty(config, 'humi_0_weight')
      humi100 = configProperty(config, 'humi_100_weight')
    },
    read(at) {
      const gross = dryKg + (slab.moisture() / 100) * slabLitres
      const loads = [gross * shareOnFirst, gross * (1 - shareOnFirst)].map((kg) => kg + noise(random, 0.01))
      const weights = loads.map((kg) => Math.max(0, kg - tare / 2))
      const sum = weights[0]! + weights[1]!
      const calibrated = humi0 !== undefined && humi100 !== undefined && humi100 > humi0
      const empty = calibrated ? humi0! : dryKg - tare
      const full = calibrated ? humi100! : dryKg + (mineralWool.saturation / 100) * slabLitres - tare
      const humidity = (100 * (sum - empty)) / (full - empty)
      return {
        WEIGHT_SUM_1: sum,
        WEIGHT_TENSO_1: weights[0]!,
        WEIGHT_TENSO_2: weights[1]!,
        HUMI_CALC_1: Math.min(100, Math.max(0, humidity)),
        tensometer_1: Math.round(tensometers[0]!.zero + tensometers[0]!.countsPerKg * loads[0]!),
        tensometer_2: Math.round(tensometers[1]!.zero + tensometers[1]!.countsPerKg * loads[1]!),
        battvol: batteryVoltage(at, batteryPhase, sunshine(at, weather.site), random),
        sigstr: signalStrength(at, signalPhase, random),
        comm: 1,
      }
    },
  }
}
