import {
  estimatedGroundMinimum,
  freezeThreshold,
  frostWarningIndex,
  infectionRisk,
  temperatureGap,
} from '../physics/frost-and-disease'
import { batteryVoltage, signalStrength } from '../physics/power-and-radio'
import {
  dewPoint,
  humidityDeficit,
  vapourPressureDeficit,
  wetBulbTemperature,
} from '../physics/psychrometrics'
import { noise } from '../physics/random'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory } from './module-behaviour'

/**
 * An air sensor (AM-200, ENVIRO). Like the real module it measures temperature and humidity and
 * computes everything else from those two noisy readings, so the derived fields always agree.
 */
export const createEnviroSensor: BehaviourFactory = (_module, random, farm) => {
  const batteryPhase = random() * 2 * Math.PI
  const signalPhase = random() * 2 * Math.PI
  const { weather } = farm
  // The freeze_temp_hr0 / freeze_temp_hr100 properties default to null.
  const thresholds = { atDryAir: null, atSaturatedAir: null }

  return {
    advance() {},
    read(at) {
      const temperature = weather.airTemperature(at) + noise(random, 0.1)
      const humidity = Math.min(100, Math.max(1, weather.relativeHumidity(at) + noise(random, 0.5)))
      const dew = dewPoint(temperature, humidity)
      const wetBulb = wetBulbTemperature(temperature, humidity)
      const vpd = vapourPressureDeficit(temperature, humidity)
      const groundMinimum = estimatedGroundMinimum(wetBulb)
      return {
        TEMP_1: temperature,
        humidity,
        TEMP_DEW_1: dew,
        TEMP_WET_1: wetBulb,
        VPD_1: vpd,
        HD_1: humidityDeficit(temperature, humidity),
        PWI_1: frostWarningIndex(groundMinimum, freezeThreshold(humidity, thresholds)),
        VPD_INFECT_1: infectionRisk(vpd),
        TEMP_KAMER_1: groundMinimum,
        TEMP_GAP_1: temperatureGap(temperature, dew),
        battvol: batteryVoltage(at, batteryPhase, sunshine(at, weather.site), random),
        sigstr: signalStrength(at, signalPhase, random),
        comm: 1,
      }
    },
  }
}
