/** A source of uniform numbers in [0, 1); seeded so that a farm replays the same way every run. */
export type Random = () => number

/** mulberry32: tiny, fast and good enough for sensor noise; not for anything secret. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * Derives a seed from a name (FNV-1a), so each module gets its own stream: adding a module to the
 * farm does not change the numbers the others produce.
 */
export function deriveSeed(seed: number, name: string): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0
  for (let i = 0; i < name.length; i++) {
    hash ^= name.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** A standard normal sample (Box-Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random()
  const v = random()
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
}

/** Gaussian noise with the given spread, cut at three spreads so a rare draw never looks like a fault. */
export function noise(random: Random, spread: number): number {
  return Math.max(-3, Math.min(3, gaussian(random))) * spread
}
