import { createBaseStation } from './base-station'
import { createEnviroSensor } from './enviro-sensor'
import type { BehaviourFactory } from './module-behaviour'
import { createScales } from './scales'
import { createSoilProbe, soilProbe } from './soil-probe'
import { createSubstratumProbe } from './substratum-probe'
import { createUniversalModule } from './universal-module'
import { createValveModule } from './valve-module'
import { createWeatherMast } from './weather-mast'

/**
 * The physics of every catalogue model, keyed by the code a module registers under (or by the
 * demo module's `behaviour` when it has one: the AM-600 on the weather mast). Soil probes
 * differ in where their sensors sit (top first): the long 1 m rod reads deep in the root zone,
 * the short one and the LTE-M probe halfway, the nail probes just under the surface.
 */
export const behaviours: ReadonlyMap<string, BehaviourFactory> = new Map([
  ['AM-100-101', soilProbe([45])],
  ['AM-100-103', createSoilProbe],
  ['AM-100-051', soilProbe([25])],
  ['AM-100-21', soilProbe([8])],
  ['AM-100-22', soilProbe([8, 18])],
  ['AM-200', createEnviroSensor],
  ['AM-301', createScales],
  ['AM-401', createValveModule],
  ['AM-411', createValveModule],
  ['AM-421', createValveModule],
  ['AM-600', createUniversalModule],
  ['AM-999', createSubstratumProbe],
  ['WG-100', soilProbe([20])],
  ['AGB-2000', createBaseStation],
  ['weather_mast', createWeatherMast],
])
