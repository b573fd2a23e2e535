import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPriorityGate, TurnTimedOutError } from './priority-gate'

afterEach(() => {
  vi.useRealTimers()
})

/** Asks for a turn and records when it came; `done()` gives it back. */
function asker(gate: ReturnType<typeof createPriorityGate>, order: string[]) {
  return (name: string, lane: 'ingest' | 'system' | 'user', waitLimitMs?: number) => {
    const turn = gate.acquire(lane, waitLimitMs).then((release) => {
      order.push(name)
      return release
    })
    return turn
  }
}

describe('the embedded database’s turns (ADR 0093)', () => {
  it('gives the next turn to a module’s readings before users’ reads queued earlier', async () => {
    const gate = createPriorityGate()
    const order: string[] = []
    const ask = asker(gate, order)
    const first = await ask('report', 'user')
    const queued = [ask('history 1', 'user'), ask('history 2', 'user'), ask('plan runner', 'system')]
    const reading = ask('reading', 'ingest')
    expect(gate.waiting()).toEqual({ ingest: 1, system: 1, user: 2 })
    first()
    // Each turn given back as soon as it comes: the next one goes by lane.
    const released = [reading, ...queued].map((turn) => turn.then((release) => release()))
    await Promise.all(released)
    expect(order).toEqual(['report', 'reading', 'plan runner', 'history 1', 'history 2'])
    expect(gate.isBusy()).toBe(false)
  })

  it("goes round the users waiting, a newcomer first: one user's flood does not delay another's read", async () => {
    const gate = createPriorityGate()
    const order: string[] = []
    const held = await gate.acquire('system')
    const turns = [
      ...Array.from({ length: 5 }, (_, index) => ({ name: `flood ${index}`, who: 'user:1' })),
      { name: 'neighbour', who: 'user:2' },
    ].map(({ name, who }) =>
      gate.acquire('user', undefined, who).then((release) => {
        order.push(name)
        release()
      }),
    )
    held()
    await Promise.all(turns)
    expect(order).toEqual(['neighbour', 'flood 0', 'flood 1', 'flood 2', 'flood 3', 'flood 4'])
  })

  it('lets one turn run at a time, first come first served within a lane', async () => {
    const gate = createPriorityGate()
    const order: string[] = []
    const ask = asker(gate, order)
    const a = await ask('a', 'user')
    const b = ask('b', 'user')
    const c = ask('c', 'user')
    await Promise.resolve()
    expect(order).toEqual(['a'])
    a()
    a() // a second release changes nothing
    ;(await b)()
    ;(await c)()
    expect(order).toEqual(['a', 'b', 'c'])
  })

  it('refuses a user’s read whose turn has not come within its limit, nothing of it run, and goes on', async () => {
    vi.useFakeTimers()
    const gate = createPriorityGate()
    const order: string[] = []
    const ask = asker(gate, order)
    const held = await ask('held', 'system')
    const late = ask('late read', 'user', 1000)
    const patient = ask('write', 'user')
    const refusal = expect(late).rejects.toBeInstanceOf(TurnTimedOutError)
    await vi.advanceTimersByTimeAsync(1000)
    await refusal
    await expect(late).rejects.toMatchObject({ code: '57014' })
    expect(gate.waiting().user).toBe(1)
    held()
    ;(await patient)()
    expect(order).toEqual(['held', 'write'])
  })
})
