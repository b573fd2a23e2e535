import { describe, expect, it } from 'vitest'
import { type SaveSchedule, saveScheduleSchema } from './schedule'

const body = (definition: Partial<SaveSchedule['definition']>): SaveSchedule => ({
  name: 'Morning',
  type: 1,
  begin_date: '2026-06-01',
  definition: {
    rule: { kind: 'every_n_days', n: 1 },
    cycle_minutes: 30,
    starts: { kind: 'hours', times: ['23:50', '00:10'] },
    elements: [{ kind: 'output', id: 1 }],
    ...definition,
  },
})

const issues = (input: SaveSchedule) => {
  const result = saveScheduleSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('saveScheduleSchema: cycles overlapping across days', () => {
  it('refuses a daily cycle running past midnight into the next day’s first cycle', () => {
    // 23:50 + 30 minutes runs to 00:20 of the next day, whose 00:10 cycle has started.
    expect(issues(body({}))).toEqual(['errors.schedule_cycles_overlap'])
  })

  it('accepts the same hours when the next run day is two days later', () => {
    expect(issues(body({ rule: { kind: 'weekdays', days: [1, 3, 5] } }))).toEqual([])
    expect(issues(body({ rule: { kind: 'every_n_days', n: 2 } }))).toEqual([])
  })

  it('refuses weekdays whose closest pair is consecutive (Sunday then Monday)', () => {
    expect(issues(body({ rule: { kind: 'weekdays', days: [1, 3, 7] } }))).toEqual([
      'errors.schedule_cycles_overlap',
    ])
  })

  it('refuses cycles every 24 hours that land on the next day’s first cycle', () => {
    const starts = { kind: 'every' as const, start_time: '06:00', count: 2, every_minutes: 1440 }
    expect(issues(body({ starts }))).toEqual(['errors.schedule_cycles_overlap'])
    expect(issues(body({ starts, rule: { kind: 'every_n_days', n: 3 } }))).toEqual([])
  })

  it('still refuses cycles within a day closer than the irrigation time, and equal hours', () => {
    expect(issues(body({ starts: { kind: 'hours', times: ['06:00', '06:20'] } }))).toEqual([
      'errors.schedule_cycles_overlap',
    ])
    expect(issues(body({ starts: { kind: 'hours', times: ['06:00', '06:00'] } }))).toEqual([
      'errors.schedule_cycles_overlap',
    ])
    expect(issues(body({ starts: { kind: 'hours', times: ['06:00', '06:31'] } }))).toEqual([])
  })
})

describe('bounds without a message of their own', () => {
  it('say too small or too big, never "Field required"', () => {
    const schedule = {
      name: 'Condition',
      type: 1,
      begin_date: '2026-06-01',
      definition: {
        rule: { kind: 'weekdays', days: [1] },
        cycle_minutes: 10,
        starts: { kind: 'every', start_time: '06:00', count: 1, every_minutes: 60 },
        elements: [{ kind: 'output', id: 1, percent: 100 }],
        fertigation: { kind: 'every_n_days', n: 400 },
        conditions: [
          {
            metric: 'soil_humidity',
            source: { kind: 'group', id_group: 1 },
            comparator: 'lt',
            value: 200_000,
          },
        ],
      },
    }
    const issues = saveScheduleSchema.safeParse(schedule).error?.issues ?? []
    const messageAt = (path: string) => issues.find((issue) => issue.path.join('.') === path)?.message
    expect(messageAt('definition.conditions.0.value')).toBe('errors.too_big')
    expect(messageAt('definition.fertigation.n')).toBe('errors.too_big')
  })
})
