import { describe, expect, it } from 'vitest'
import { createFairTurns } from './fair-turns'

/** A test clock: `sleep` moves it on at once, so the order and the times are the whole story. */
function testClock() {
  let now = 0
  return {
    now: () => now,
    sleep: async (ms: number) => {
      now += ms
    },
  }
}

describe("the geocoder's turns, shared between farms (ADR 0094)", () => {
  it("answers another farm's one search after at most two of the busy farm's, not after all thirty", async () => {
    const clock = testClock()
    const turns = createFairTurns({ minIntervalMs: 1000, perFarm: 30, ...clock })
    const calls: { farm: number; at: number }[] = []
    const call = (farm: number) => () => {
      calls.push({ farm, at: clock.now() })
      return Promise.resolve(farm)
    }
    const busy = Array.from({ length: 30 }, () => turns.run(1, call(1)))
    const other = turns.run(2, call(2))
    const answers = await Promise.all([...busy, other])
    expect(answers.every((answer) => !answer.full)).toBe(true)
    // The busy farm's call under way and the one already in the round, then the other farm's.
    expect(calls.findIndex((entry) => entry.farm === 2)).toBe(2)
    expect(calls.find((entry) => entry.farm === 2)!.at).toBe(2000)
    // Still one call a second for the service, all 31 made.
    expect(calls).toHaveLength(31)
    for (let index = 1; index < calls.length; index++)
      expect(calls[index]!.at - calls[index - 1]!.at).toBeGreaterThanOrEqual(1000)
  })

  it("refuses a farm's search beyond its share at once, and never another farm's", async () => {
    const clock = testClock()
    const turns = createFairTurns({ minIntervalMs: 1000, perFarm: 5, ...clock })
    const busy = Array.from({ length: 30 }, () => turns.run(1, () => Promise.resolve('busy farm')))
    const other = turns.run(2, () => Promise.resolve('other farm'))
    const answers = await Promise.all(busy)
    expect(answers.filter((answer) => answer.full)).toHaveLength(25)
    expect(await other).toEqual({ full: false, value: 'other farm' })
    // Once its searches are answered, the busy farm may search again.
    expect(await turns.run(1, () => Promise.resolve('again'))).toEqual({ full: false, value: 'again' })
  })

  it('goes round the farms in turn, one call at a time, a failed call costing only its own', async () => {
    const clock = testClock()
    const turns = createFairTurns({ minIntervalMs: 1000, perFarm: 10, ...clock })
    const order: string[] = []
    let running = 0
    const call =
      (name: string, fails = false) =>
      async () => {
        running++
        expect(running).toBe(1)
        order.push(name)
        await clock.sleep(300)
        running--
        if (fails) throw new Error('geocoder down')
        return name
      }
    const runs = [
      turns.run(1, call('a1', true)),
      turns.run(1, call('a2')),
      turns.run(1, call('a3')),
      turns.run(2, call('b1')),
      turns.run(3, call('c1')),
      turns.run(2, call('b2')),
    ]
    const settled = await Promise.allSettled(runs)
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2'])
    expect(settled[0]!.status).toBe('rejected')
    expect(settled.slice(1).every((result) => result.status === 'fulfilled')).toBe(true)
    expect(turns.waiting()).toBe(0)
  })
})
