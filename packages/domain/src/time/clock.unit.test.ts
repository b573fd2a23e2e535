import { describe, expect, it } from 'vitest'
import { createMovableClock, systemClock } from './clock'

describe('createMovableClock', () => {
  it('runs at real speed from where it was set', () => {
    let real = 1_000_000
    const clock = createMovableClock(new Date('2026-06-01T04:00:00Z'), () => real)
    expect(clock.now().toISOString()).toBe('2026-06-01T04:00:00.000Z')
    real += 90_000
    expect(clock.now().toISOString()).toBe('2026-06-01T04:01:30.000Z')
  })

  it('jumps on a move and on an advance, and tells its listeners the new time', () => {
    let real = 5_000
    const clock = createMovableClock(undefined, () => real)
    const heard: string[] = []
    const stop = clock.onMove((at) => heard.push(at.toISOString()))
    clock.moveTo(new Date('2026-03-29T00:59:00Z'))
    real += 1_000
    clock.advance(60 * 60_000)
    expect(clock.now().toISOString()).toBe('2026-03-29T01:59:01.000Z')
    stop()
    clock.advance(1)
    expect(heard).toEqual(['2026-03-29T00:59:00.000Z', '2026-03-29T01:59:01.000Z'])
  })

  it('starts at the real time when given no start, and refuses an invalid date', () => {
    const clock = createMovableClock(undefined, () => Date.UTC(2030, 0, 1))
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z')
    expect(() => clock.moveTo(new Date('not a date'))).toThrow(RangeError)
  })

  it('the system clock reads the real time', () => {
    const before = Date.now()
    const read = systemClock.now().getTime()
    expect(read).toBeGreaterThanOrEqual(before)
    expect(read).toBeLessThanOrEqual(Date.now())
  })
})
