import { createBaseStation } from './base-station'
import { createEnviroSensor } from './enviro-sensor'
import type { BehaviourFactory } from './module-behaviour'
import { createSoilProbe } from './soil-probe'
import { createValveModule } from './valve-module'

/** The physics of every catalogue model, keyed by the code a module registers under. */
export const behaviours: ReadonlyMap<string, BehaviourFactory> = new Map([
  ['AGB-2000', createBaseStation],
  ['AM-100-103', createSoilProbe],
  ['AM-200', createEnviroSensor],
  ['AM-411', createValveModule],
])
