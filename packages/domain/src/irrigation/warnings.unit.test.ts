import { describe, expect, it } from 'vitest'
import type { ScheduleTiming } from './expansion'
import type { ScheduleDefinition } from './schedule'
import { scheduleWarnings } from './warnings'

const WARSAW = 'Europe/Warsaw'

const timing = (
  overrides: Partial<Omit<ScheduleTiming, 'definition'>> = {},
  definition: Partial<ScheduleTiming['definition']> = {},
): ScheduleTiming => ({
  type: 1,
  begin_date: '2026-06-01',
  expiration_date: null,
  ...overrides,
  definition: {
    rule: { kind: 'every_n_days', n: 1 },
    cycle_minutes: 20,
    starts: { kind: 'every', start_time: '06:00', count: 2, every_minutes: 240 },
    elements: [{ kind: 'output', id: 1, percent: 100 }],
    ...definition,
  },
})

// 08:00 in Warsaw (CEST): today's 06:00 cycle has passed, the 10:00 one has not.
const morning = new Date('2026-06-10T06:00:00Z')

describe('scheduleWarnings', () => {
  it('nothing to warn about', () => {
    expect(scheduleWarnings(timing(), new Date('2026-06-10T02:00:00Z'), WARSAW)).toEqual([])
  })

  it.each([
    { name: 'a cycle of today has passed', schedule: timing(), expected: ['start_passed_today'] },
    {
      name: 'not when the schedule begins tomorrow',
      schedule: timing({ begin_date: '2026-06-11' }),
      expected: [],
    },
    {
      name: 'not when it expired yesterday',
      schedule: timing({ expiration_date: '2026-06-09' }),
      expected: [],
    },
    {
      name: 'not when today is not one of its days (2026-06-10 is a Wednesday)',
      schedule: timing({}, { rule: { kind: 'weekdays', days: [1, 2] } }),
      expected: [],
    },
    {
      name: 'not for every-2-days when today is an off day',
      schedule: timing({ begin_date: '2026-06-09' }, { rule: { kind: 'every_n_days', n: 2 } }),
      expected: [],
    },
    {
      name: 'explicit hours',
      schedule: timing({}, { starts: { kind: 'hours', times: ['07:59', '20:00'] } }),
      expected: ['start_passed_today'],
    },
  ])('start passed today: $name', ({ schedule, expected }) => {
    expect(scheduleWarnings(schedule, morning, WARSAW)).toEqual(expected)
  })

  it('counts "today" in the given zone', () => {
    // 05:30 UTC is 01:30 in New York: its 06:00 has not passed.
    expect(scheduleWarnings(timing(), new Date('2026-06-10T05:30:00Z'), 'America/New_York')).toEqual([])
    expect(scheduleWarnings(timing(), new Date('2026-06-10T05:30:00Z'), WARSAW)).toEqual([
      'start_passed_today',
    ])
  })

  it.each([
    { percents: [100, 100], expected: [] },
    { percents: [100, 50], expected: ['slider_not_full'] },
    { percents: [120, 100], expected: ['slider_not_full'] },
    { percents: [100, 0], expected: ['slider_zero'] },
    { percents: [70, 0], expected: ['slider_not_full', 'slider_zero'] },
  ])('sliders $percents', ({ percents, expected }) => {
    const elements = percents.map((percent, id) => ({ kind: 'output' as const, id: id + 1, percent }))
    expect(scheduleWarnings(timing({}, { elements }), new Date('2026-06-10T02:00:00Z'), WARSAW)).toEqual(
      expected,
    )
  })

  it.each([
    { name: '4 minutes before the start', now: '2026-06-10T03:56:00Z', expected: ['lead_under_5_minutes'] },
    { name: 'exactly 5 minutes before', now: '2026-06-10T03:55:00Z', expected: ['lead_under_5_minutes'] },
    { name: '6 minutes before', now: '2026-06-10T03:54:00Z', expected: [] },
    {
      name: 'before the second cycle (the first has passed)',
      now: '2026-06-10T07:57:00Z',
      expected: ['start_passed_today', 'lead_under_5_minutes'],
    },
  ])('lead time: $name', ({ now, expected }) => {
    expect(scheduleWarnings(timing(), new Date(now), WARSAW)).toEqual(expected)
  })

  it('lead time counts a cycle of yesterday starting after midnight', () => {
    const lateCycles: Partial<ScheduleDefinition> = {
      starts: { kind: 'every', start_time: '23:00', count: 2, every_minutes: 120 },
    }
    // Yesterday 9th was the expiration day; its second cycle starts at 01:00 on the 10th (23:00Z on the 9th).
    const schedule = timing({ expiration_date: '2026-06-09' }, lateCycles)
    expect(scheduleWarnings(schedule, new Date('2026-06-09T22:57:00Z'), WARSAW)).toEqual([
      'lead_under_5_minutes',
    ])
  })
})
