import { batteryPercent, batteryVoltage, signalStrength, slowWave } from '../physics/power-and-radio'
import { noise } from '../physics/random'
import { poreWaterConductivity } from '../physics/soil-salinity'
import { soilTemperature } from '../physics/soil-temperature'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory } from './module-behaviour'
import { createSubstrateSlab } from './substrate-slab'

/** lux at the slab under a clear midday sun, after the greenhouse glass and shading. */
const clearSkyLux = 19_000
/** °C the slab warms above the shallow soil: the greenhouse holds the heat, the sun adds more. */
const greenhouseWarming = 4
const sunWarming = 5

/**
 * A substratum probe (AM-100-7, registers as AM-999) pushed into a mineral-wool slab in the
 * greenhouse: slab temperature, water content and conductivity, and the light over the crop,
 * which follows the sun and passing clouds. Its battery gauge reads in per cent.
 */
export const createSubstratumProbe: BehaviourFactory = (module, random, farm) => {
  const slab = createSubstrateSlab(module.serial, random, farm)
  // Fertigated: about 1.2 mS/cm at field capacity, more as the slab dries.
  const saltIndex = 85 + 6 * random()
  const cloudPhase = random() * 2 * Math.PI
  const batteryPhase = random() * 2 * Math.PI
  const signalPhase = random() * 2 * Math.PI
  const { weather } = farm

  return {
    advance: slab.advance,
    read(at) {
      const sun = sunshine(at, weather.site)
      // Clouds let through 55-95 % of the light, drifting over hours.
      const clouds = 0.75 + 0.15 * slowWave(at, 0.37, cloudPhase) + 0.05 * slowWave(at, 2.3, cloudPhase)
      const humidity = slab.moisture() + noise(random, 0.2)
      return {
        TEMP_1:
          soilTemperature(2, at, weather.temperatureParts) +
          greenhouseWarming +
          sunWarming * sun +
          noise(random, 0.05),
        HUMIDITY_1: humidity,
        ECW_1: poreWaterConductivity(humidity, saltIndex) + noise(random, 0.01),
        LIGHT_1: sun > 0 ? Math.max(0, clearSkyLux * sun * clouds + noise(random, 40 * sun)) : 0,
        BATTERY_1: batteryPercent(batteryVoltage(at, batteryPhase, sun, random)),
        sigstr: signalStrength(at, signalPhase, random),
        comm: 1,
      }
    },
  }
}
