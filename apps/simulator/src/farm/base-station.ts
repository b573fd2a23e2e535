import { batteryVoltage, signalStrength } from '../physics/power-and-radio'
import { actualVapourPressure, saturationVapourPressure } from '../physics/psychrometrics'
import { noise } from '../physics/random'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory } from './module-behaviour'

/** °C the radio enclosure runs above the air from its own electronics, and more in full sun. */
const enclosureSelfHeating = 4
const enclosureSunHeating = 9

/** A base station (AGB-2000, NUCLEUS): outside temperature, its radio enclosure and its GSM link. */
export const createBaseStation: BehaviourFactory = (_module, random, farm) => {
  const batteryPhase = random() * 2 * Math.PI
  const gsmPhase = random() * 2 * Math.PI
  const { weather } = farm

  return {
    advance() {},
    read(at) {
      const air = weather.airTemperature(at)
      const sun = sunshine(at, weather.site)
      const enclosure = air + enclosureSelfHeating + enclosureSunHeating * sun + noise(random, 0.1)
      // The enclosure holds the outside air's vapour at a higher temperature, so it reads drier.
      const vapour = actualVapourPressure(air, weather.relativeHumidity(at))
      return {
        TEMP_1: air + noise(random, 0.1),
        rtx_temp: enclosure,
        rtx_hum: Math.min(100, (100 * vapour) / saturationVapourPressure(enclosure) + noise(random, 0.3)),
        gsmstr: signalStrength(at, gsmPhase, random),
        battvol: batteryVoltage(at, batteryPhase, sun, random),
        comm: 1,
      }
    },
  }
}
