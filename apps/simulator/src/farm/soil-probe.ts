import { findModel } from '@kropla/domain'
import { batteryVoltage, signalStrength } from '../physics/power-and-radio'
import { noise } from '../physics/random'
import { mineralConcentration, poreWaterConductivity } from '../physics/soil-salinity'
import { soilTemperature } from '../physics/soil-temperature'
import { lightSoil, type SoilLayer } from '../physics/soil-water'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory, RawValues } from './module-behaviour'
import { createWateredColumn } from './watered-column'

/**
 * The soil column under every probe, top first: the crop's roots draw mostly from the top layer,
 * irrigation wets it and the surplus seeps down. A probe's sensors sit at depths in this column.
 */
export const soilColumn: readonly SoilLayer[] = [
  { depthCm: 10, thicknessMm: 200, rootShare: 0.6 },
  { depthCm: 30, thicknessMm: 250, rootShare: 0.3 },
  { depthCm: 60, thicknessMm: 350, rootShare: 0.1 },
]

/** Moisture at a depth: the layer's own above the top centre and below the bottom one, interpolated between. */
export function moistureAtDepth(moisture: readonly number[], depthCm: number): number {
  const centres = soilColumn.map((layer) => layer.depthCm)
  if (depthCm <= centres[0]!) return moisture[0]!
  for (let i = 1; i < centres.length; i++) {
    if (depthCm <= centres[i]!) {
      const share = (depthCm - centres[i - 1]!) / (centres[i]! - centres[i - 1]!)
      return moisture[i - 1]! * (1 - share) + moisture[i]! * share
    }
  }
  return moisture.at(-1)!
}

/** How many measuring levels (HUMIDITY_n) the catalogue gives a model. */
function levelsOf(code: string): number {
  return findModel(code)?.inputs.filter((input) => /^HUMIDITY_\d+$/.test(input.name)).length ?? 0
}

/**
 * A soil probe in light soil (soil_type 1), watered by the valve output the farm assigns to it.
 * `sensorDepthsCm` lists its sensors top first; field n is shown as level (levels + 1 - n), so the
 * shallow sensor has the highest field number and field 1 is the deepest (spec 02 section 9).
 */
export function soilProbe(sensorDepthsCm: readonly number[]): BehaviourFactory {
  return (module, random, farm) => {
    const levels = levelsOf(module.model)
    if (levels !== sensorDepthsCm.length)
      throw new Error(`${module.serial}: ${module.model} has ${levels} levels, not ${sensorDepthsCm.length}`)
    const sensors = sensorDepthsCm.map((depthCm, i) => ({ field: levels - i, depthCm }))
    // Start a little below field capacity, drier on top, as a field is a day or two after rain.
    const column = createWateredColumn(
      module.serial,
      farm,
      soilColumn,
      lightSoil,
      soilColumn.map((_, i) => lightSoil.fieldCapacity - 4 + 1.5 * i + noise(random, 0.8)),
    )
    // Conductivity each sensor would show at 1 % moisture: about 1.2 mS/cm at field capacity.
    const saltIndex = sensors.map(() => 30 + 8 * random())
    const batteryPhase = random() * 2 * Math.PI
    const signalPhase = random() * 2 * Math.PI
    const { weather } = farm

    return {
      advance: column.advance,
      read(at) {
        const values: RawValues = {}
        const moisture = column.moisture()
        sensors.forEach(({ field, depthCm }, i) => {
          const humidity = moistureAtDepth(moisture, depthCm) + noise(random, 0.15)
          const conductivity = poreWaterConductivity(humidity, saltIndex[i]!) + noise(random, 0.01)
          values[`TEMP_${field}`] =
            soilTemperature(depthCm, at, weather.temperatureParts) + noise(random, 0.05)
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
}

/** AM-100-103, TERRA TRIO: three sensors, one in each layer of the column. */
export const createSoilProbe = soilProbe(soilColumn.map((layer) => layer.depthCm))
