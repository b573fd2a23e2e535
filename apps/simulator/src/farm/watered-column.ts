import {
  evapotranspiration,
  irrigationMmPerHour,
  type SoilLayer,
  type SoilWaterLimits,
  simulateSoilWater,
} from '../physics/soil-water'
import { sunshine } from '../physics/sun'
import type { FarmContext } from './module-behaviour'

export interface WateredColumn {
  advance(fromMs: number, toMs: number): void
  /** Volume % of water in each layer, top first. */
  moisture(): readonly number[]
}

/**
 * The water in the ground (or slab) at one module's spot: the crop draws it down with the weather
 * and the valve output the farm assigns to the module waters it.
 */
export function createWateredColumn(
  serial: string,
  farm: FarmContext,
  layers: readonly SoilLayer[],
  soil: SoilWaterLimits,
  initialMoisture: number[],
): WateredColumn {
  let moisture = initialMoisture
  const { weather } = farm
  return {
    advance(fromMs, toMs) {
      const irrigation = farm.isIrrigated(serial) ? irrigationMmPerHour : 0
      moisture = simulateSoilWater(moisture, layers, soil, fromMs, toMs, (at) => ({
        evapotranspirationMmPerHour: evapotranspiration(
          weather.airTemperature(at),
          sunshine(at, weather.site),
        ),
        irrigationMmPerHour: irrigation,
      }))
    },
    moisture: () => moisture,
  }
}
