import type { DemoModule } from '@kropla/domain'
import type { OutputBank } from '../device/output-bank'
import type { Random } from '../physics/random'
import type { Weather } from '../physics/weather'

/** One reading set before it is checked against the catalogue: field name to value. */
export type RawValues = Record<string, number | boolean | null>

/**
 * What the server last sent on `down/config` (`{"id", "config": {...}}`): the module's catalogue
 * properties (flat or under `properties`), per-input settings under `inputs` and alarms.
 */
export type ModuleConfig = Record<string, unknown>

/** What a simulated module shares with the rest of the farm. */
export interface FarmContext {
  weather: Weather
  /** Whether the valve output that waters this module's spot is open right now. */
  isIrrigated(serial: string): boolean
  /** How many irrigation outputs of the farm are open right now (water flows through the main line). */
  openIrrigationOutputs(): number
}

/** The physics of one simulated module. */
export interface ModuleBehaviour {
  /** Moves the module's own state (soil water, ...) from one moment to the next; the farm is steady in between. */
  advance(fromMs: number, toMs: number): void
  /** What the module measures at `at`: every catalogue field of its model, with sensor noise. */
  read(at: Date): RawValues
  /** The module's outputs, when it has any. */
  outputs?: OutputBank
  /** Takes a new configuration; what it measures from now on may follow it (tare, scaling). */
  configure?(config: ModuleConfig): void
}

export type BehaviourFactory = (module: DemoModule, random: Random, farm: FarmContext) => ModuleBehaviour
