import { describe, expect, it } from 'vitest'
import { createOutputBank } from './output-bank'

const at = new Date('2026-05-01T06:00:00Z')
const minutesLater = (minutes: number) => new Date(at.getTime() + minutes * 60_000)

describe('output bank', () => {
  it('starts closed and reports every output', () => {
    const bank = createOutputBank(['o1', 'o2', 'o3', 'o4'])
    expect(bank.snapshot()).toEqual({ o1: false, o2: false, o3: false, o4: false })
    expect(bank.has('o4')).toBe(true)
    expect(bank.has('o5')).toBe(false)
    expect(bank.nextClosing()).toBeNull()
  })

  it('schedules the closing of a timed opening, earliest first', () => {
    const bank = createOutputBank(['o1', 'o2', 'o3', 'o4'])
    bank.apply(
      { o1: { on: true, minutes: 15 }, o2: { on: true, minutes: 5 }, o3: { on: true, minutes: null } },
      at,
    )
    expect(bank.snapshot()).toEqual({ o1: true, o2: true, o3: true, o4: false })
    expect(bank.nextClosing()).toEqual({ name: 'o2', at: minutesLater(5) })
    bank.close('o2')
    expect(bank.nextClosing()).toEqual({ name: 'o1', at: minutesLater(15) })
    bank.close('o1')
    expect(bank.nextClosing()).toBeNull()
    expect(bank.isOn('o3')).toBe(true)
  })

  it('forgets a pending closing when switched off or reopened without a limit', () => {
    const bank = createOutputBank(['o1', 'o2'])
    bank.apply({ o1: { on: true, minutes: 10 }, o2: { on: true, minutes: 10 } }, at)
    bank.apply({ o1: { on: false, minutes: null }, o2: { on: true, minutes: null } }, minutesLater(1))
    expect(bank.nextClosing()).toBeNull()
    expect(bank.snapshot()).toEqual({ o1: false, o2: true })
  })
})
