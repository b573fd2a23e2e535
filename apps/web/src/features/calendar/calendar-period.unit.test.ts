import { describe, expect, it } from 'vitest'
import { planFixture } from '../../testing/fake-irrigation'
import { calendarPeriod, daySegments, mondayOf, todayIn } from './calendar-period'

describe('calendar period', () => {
  it('starts weeks on Monday at midnight of the user zone, also across a clock change', () => {
    expect(mondayOf('2026-10-25')).toBe('2026-10-19')
    expect(mondayOf('2026-10-26')).toBe('2026-10-26')
    const week = calendarPeriod('2026-10-22', 'week', 'Europe/Warsaw')
    expect(week.days.map((day) => day.date)).toEqual([
      '2026-10-19',
      '2026-10-20',
      '2026-10-21',
      '2026-10-22',
      '2026-10-23',
      '2026-10-24',
      '2026-10-25',
    ])
    expect(week.from).toBe('2026-10-18T22:00:00.000Z')
    expect(week.to).toBe('2026-10-25T23:00:00.000Z')
    // The autumn Sunday has 25 hours.
    const sunday = week.days[6]
    expect(sunday && (sunday.end - sunday.start) / 3_600_000).toBe(25)
  })

  it('knows the date today in the user zone', () => {
    expect(todayIn('Europe/Warsaw', Date.parse('2026-11-22T23:30:00Z'))).toBe('2026-11-23')
    expect(todayIn('America/New_York', Date.parse('2026-11-22T03:00:00Z'))).toBe('2026-11-21')
  })
})

describe('runs of a day', () => {
  const [day] = calendarPeriod('2026-11-23', 'day', 'UTC').days
  if (!day) throw new Error('no day')

  it('cuts a run crossing midnight to the day and puts overlapping runs side by side', () => {
    const segments = daySegments(
      [
        planFixture({ id: 1, open_at: '2026-11-22T23:30:00.000Z', duration: 60 }),
        planFixture({ id: 2, id_output: 12, open_at: '2026-11-23T00:15:00.000Z', duration: 30 }),
        planFixture({ id: 3, open_at: '2026-11-23T02:00:00.000Z', duration: 30 }),
      ],
      day,
    )
    expect(
      segments.map(({ plan, startMinute, endMinute, lane }) => [plan.id, startMinute, endMinute, lane]),
    ).toEqual([
      [1, 0, 30, 0],
      [2, 15, 45, 1],
      [3, 120, 150, 0],
    ])
    expect(segments.every((segment) => segment.lanes === 2)).toBe(true)
  })

  it('gives short runs drawn taller than their time lanes of their own', () => {
    const plans = [
      planFixture({ id: 1, open_at: '2026-11-23T06:00:00.000Z', duration: 1 }),
      planFixture({ id: 2, open_at: '2026-11-23T06:01:00.000Z', duration: 1 }),
    ]
    expect(daySegments(plans, day).map((segment) => segment.lane)).toEqual([0, 0])
    expect(daySegments(plans, day, 24).map((segment) => segment.lane)).toEqual([0, 1])
  })
})
