import { batteryVoltage, signalStrength } from '../physics/power-and-radio'
import { noise } from '../physics/random'
import { mineralConcentration, poreWaterConductivity } from '../physics/soil-salinity'
import { soilTemperature } from '../physics/soil-temperature'
import {
  evapotranspiration,
  irrigationMmPerHour,
  lightSoil,
  type SoilLayer,
  simulateSoilWater,
} from '../physics/soil-water'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory, RawValues } from './module-behaviour'

/**
 * The three sensors of an AM-100-103, top first. Field n is shown as level 4 - n (spec 02
 * section 9), so field 3 is the shallow sensor and field 1 the deepest.
 */
export const trioSensors: readonly { field: number; layer: SoilLayer }[] = [
  { field: 3, layer: { depthCm: 10, thicknessMm: 200, rootShare: 0.6 } },
  { field: 2, layer: { depthCm: 30, thicknessMm: 250, rootShare: 0.3 } },
  { field: 1, layer: { depthCm: 60, thicknessMm: 350, rootShare: 0.1 } },
]
const layers = trioSensors.map((sensor) => sensor.layer)

/** A soil probe (AM-100-103, TERRA TRIO) in light soil, watered by the valve output the farm assigns to it. */
export const createSoilProbe: BehaviourFactory = (module, random, farm) => {
  // Start a little below field capacity, drier on top, as a field is a day or two after rain.
  let moisture = layers.map((_, i) => lightSoil.fieldCapacity - 4 + 1.5 * i + noise(random, 0.8))
  // Conductivity each layer would show at 1 % moisture: about 1.2 mS/cm at field capacity.
  const saltIndex = layers.map(() => 30 + 8 * random())
  const batteryPhase = random() * 2 * Math.PI
  const signalPhase = random() * 2 * Math.PI
  const { weather } = farm

  return {
    advance(fromMs, toMs) {
      const irrigation = farm.isIrrigated(module.serial) ? irrigationMmPerHour : 0
      moisture = simulateSoilWater(moisture, layers, lightSoil, fromMs, toMs, (at) => ({
        evapotranspirationMmPerHour: evapotranspiration(
          weather.airTemperature(at),
          sunshine(at, weather.site),
        ),
        irrigationMmPerHour: irrigation,
      }))
    },
    read(at) {
      const values: RawValues = {}
      trioSensors.forEach(({ field, layer }, i) => {
        const humidity = moisture[i]! + noise(random, 0.15)
        const conductivity = poreWaterConductivity(humidity, saltIndex[i]!) + noise(random, 0.01)
        values[`TEMP_${field}`] =
          soilTemperature(layer.depthCm, at, weather.temperatureParts) + noise(random, 0.05)
        values[`HUMIDITY_${field}`] = humidity
        values[`ECW_${field}`] = conductivity
        values[`MCI_${field}`] = mineralConcentration(conductivity)
      })
      values.battvol = batteryVoltage(at, batteryPhase, sunshine(at, weather.site), random)
      values.sigstr = signalStrength(at, signalPhase, random)
      values.comm = 1
      return values
    },
  }
}
