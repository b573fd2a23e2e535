import { describe, expect, it } from 'vitest'
import { scheduleState, startOfDayIn } from './schedule-row'
import type { ScheduleDbRow } from './schedules-dal'

describe('startOfDayIn', () => {
  it.each([
    ['Europe/Warsaw', '2026-01-15', '2026-01-14T23:00:00.000Z'],
    ['Europe/Warsaw', '2026-07-15', '2026-07-14T22:00:00.000Z'],
    // Summer time begins at 02:00 on 29 March: that midnight is still winter time.
    ['Europe/Warsaw', '2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['Europe/Warsaw', '2026-03-30', '2026-03-29T22:00:00.000Z'],
    // New York leaves summer time at 02:00 on 1 November.
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z'],
    ['America/New_York', '2026-11-02', '2026-11-02T05:00:00.000Z'],
    ['UTC', '2026-02-28', '2026-02-28T00:00:00.000Z'],
  ])('%s %s begins at %s', (zone, day, instant) => {
    expect(startOfDayIn(zone, day).toISOString()).toBe(instant)
  })
})

describe('scheduleState', () => {
  const now = new Date('2026-06-10T10:00:00Z')
  const row = (changes: Partial<ScheduleDbRow>) =>
    ({
      begin_date: '2026-06-01',
      expiration_date: null,
      time_zone: 'Europe/Warsaw',
      paused_from: null,
      paused_until: null,
      ended_at: null,
      ...changes,
    }) as ScheduleDbRow
  const hour = 3600_000
  it.each([
    ['active', {}],
    ['not_started', { begin_date: '2026-06-11' }],
    ['active', { begin_date: '2026-06-10', expiration_date: '2026-06-10' }],
    ['expired', { expiration_date: '2026-06-09' }],
    ['paused', { paused_from: new Date(now.getTime() - hour) }],
    ['paused', { paused_from: new Date(now.getTime() - hour), paused_until: new Date(now.getTime() + hour) }],
    [
      'active',
      { paused_from: new Date(now.getTime() - 2 * hour), paused_until: new Date(now.getTime() - hour) },
    ],
    ['active', { paused_from: new Date(now.getTime() + hour) }],
    ['ended', { ended_at: new Date(now.getTime() - hour), paused_from: new Date(now.getTime() - hour) }],
  ] as const)('%s for %o', (state, changes) => {
    expect(scheduleState(row(changes), now)).toBe(state)
  })

  it('counts days in the schedule zone: past midnight in Warsaw, still the day before in UTC', () => {
    const lateEvening = new Date('2026-06-10T22:30:00Z')
    expect(scheduleState(row({ begin_date: '2026-06-11' }), lateEvening)).toBe('active')
    expect(scheduleState(row({ begin_date: '2026-06-11', time_zone: 'UTC' }), lateEvening)).toBe(
      'not_started',
    )
  })
})
