import { noise, type Random } from '../physics/random'
import { mineralWool, type SoilLayer } from '../physics/soil-water'
import type { FarmContext } from './module-behaviour'
import { createWateredColumn } from './watered-column'

/** A 7.5 cm mineral-wool slab: one layer, every root in it, drained through its foot. */
const slab: readonly SoilLayer[] = [{ depthCm: 4, thicknessMm: 75, rootShare: 1 }]

export interface SubstrateSlab {
  advance(fromMs: number, toMs: number): void
  /** Volume % of water in the slab. */
  moisture(): number
}

/**
 * The greenhouse slabs the substratum probe (AM-100-7) sits in and the scales (AM-301) weigh:
 * the crop drinks them down through the sunny hours and a drip irrigation soaks them back up.
 */
export function createSubstrateSlab(serial: string, random: Random, farm: FarmContext): SubstrateSlab {
  const column = createWateredColumn(serial, farm, slab, mineralWool, [
    mineralWool.fieldCapacity - 6 + noise(random, 1),
  ])
  return { advance: column.advance, moisture: () => column.moisture()[0]! }
}
