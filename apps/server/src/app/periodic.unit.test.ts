import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPeriodic } from './periodic'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function logger() {
  const lines: string[] = []
  return { lines, error: (_context: { err: unknown }, message: string) => void lines.push(message) }
}

describe('periodic work', () => {
  it('runs every interval once started, and not before', async () => {
    let runs = 0
    const periodic = createPeriodic({
      name: 'count',
      everyMs: 1000,
      logger: logger(),
      run: async () => ++runs,
    })
    await vi.advanceTimersByTimeAsync(3000)
    expect(runs).toBe(0)
    periodic.start()
    periodic.start()
    await vi.advanceTimersByTimeAsync(3000)
    expect(runs).toBe(3)
    await periodic.stop()
    await vi.advanceTimersByTimeAsync(3000)
    expect(runs).toBe(3)
  })

  it('skips a tick while the previous run is under way instead of piling runs up', async () => {
    let started = 0
    let finish: () => void = () => undefined
    const periodic = createPeriodic({
      name: 'slow',
      everyMs: 1000,
      logger: logger(),
      run: () => {
        started++
        return new Promise<void>((resolve) => {
          finish = resolve
        })
      },
    })
    periodic.start()
    await vi.advanceTimersByTimeAsync(5000)
    expect(started).toBe(1)
    finish()
    await vi.advanceTimersByTimeAsync(1000)
    expect(started).toBe(2)
    finish()
    await periodic.stop()
  })

  it('logs a failed run under its name and tries again at the next tick', async () => {
    const log = logger()
    let runs = 0
    const periodic = createPeriodic({
      name: 'flaky sweep',
      everyMs: 1000,
      logger: log,
      run: async () => {
        if (++runs === 1) throw new Error('database away')
        return runs
      },
    })
    periodic.start()
    await vi.advanceTimersByTimeAsync(2000)
    expect(log.lines).toEqual(['flaky sweep failed'])
    expect(runs).toBe(2)
    await periodic.stop()
  })

  it('runs now on demand after the run under way, answering with its result or failure', async () => {
    const order: string[] = []
    let fail = false
    const periodic = createPeriodic({
      name: 'demand',
      everyMs: 60_000,
      logger: logger(),
      run: async () => {
        order.push(fail ? 'failing run' : 'run')
        if (fail) throw new Error('refused')
        return order.length
      },
    })
    const first = periodic.runNow()
    const second = periodic.runNow()
    expect(await Promise.all([first, second])).toEqual([1, 2])
    fail = true
    await expect(periodic.runNow()).rejects.toThrow('refused')
    fail = false
    expect(await periodic.runNow()).toBe(4)
  })

  it('stop waits for the run under way', async () => {
    let finished = false
    const periodic = createPeriodic({
      name: 'long',
      everyMs: 1000,
      logger: logger(),
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5000))
        finished = true
      },
    })
    periodic.start()
    await vi.advanceTimersByTimeAsync(1000)
    const stopped = periodic.stop()
    await vi.advanceTimersByTimeAsync(5000)
    await stopped
    expect(finished).toBe(true)
  })
})
