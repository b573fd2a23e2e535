import { describe, expect, it } from 'vitest'
import { createRandom, deriveSeed, noise } from './random'

describe('seeded random', () => {
  it('replays the same sequence for the same seed', () => {
    const a = createRandom(42)
    const b = createRandom(42)
    const c = createRandom(43)
    const first = [a(), a(), a()]
    expect([b(), b(), b()]).toEqual(first)
    expect([c(), c(), c()]).not.toEqual(first)
    for (const value of first) {
      expect(value).toBeGreaterThanOrEqual(0)
      expect(value).toBeLessThan(1)
    }
  })

  it('gives each name its own stream', () => {
    expect(deriveSeed(1, 'DEMO-TRIO-0001')).not.toBe(deriveSeed(1, 'DEMO-TRIO-0002'))
    expect(deriveSeed(1, 'DEMO-TRIO-0001')).toBe(deriveSeed(1, 'DEMO-TRIO-0001'))
  })

  it('keeps noise within three spreads', () => {
    const random = createRandom(5)
    const samples = Array.from({ length: 5000 }, () => noise(random, 0.1))
    for (const sample of samples) expect(Math.abs(sample)).toBeLessThanOrEqual(0.3 + 1e-12)
    const mean = samples.reduce((a, b) => a + b) / samples.length
    expect(Math.abs(mean)).toBeLessThan(0.01)
  })
})
