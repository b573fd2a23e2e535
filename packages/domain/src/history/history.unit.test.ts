import { describe, expect, it } from 'vitest'
import {
  historyRange,
  historyRequestSchema,
  hourBucket,
  localDayBucket,
  maxHistoryRangeMs,
  resolutionByCount,
  resolutionByRange,
} from './history'

const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('the resolution a history range is answered in', () => {
  it('answers a day raw without counting, even at one reading a minute', () => {
    expect(resolutionByRange(DAY, 2000)).toBe('raw')
  })

  it('counts the raw rows of up to a week: raw when they fit, hours when not', () => {
    expect(resolutionByRange(2 * DAY, 2000)).toBe('count')
    expect(resolutionByRange(7 * DAY, 2000)).toBe('count')
    // A week of 10-minute readings is 1008 points: raw; a month is 4320: hourly (720 points).
    expect(resolutionByCount(1008, 2000)).toBe('raw')
    expect(resolutionByCount(4320, 2000)).toBe('hour')
    expect(resolutionByCount(2000, 2000)).toBe('raw')
    expect(resolutionByCount(2001, 2000)).toBe('hour')
  })

  it('answers a year in days: its 8760 hours would pass 2000 points', () => {
    expect(resolutionByRange(365 * DAY, 2000)).toBe('day')
    // A wide chart (max_points 10000) still gets a year in hours.
    expect(resolutionByRange(365 * DAY, 10_000)).toBe('hour')
  })

  it('answers anything longer than a week from the rollups, never counting or reading raw rows', () => {
    expect(resolutionByRange(7 * DAY + 1, 2000)).toBe('hour')
    expect(resolutionByRange(30 * DAY, 2000)).toBe('hour')
    // The widest chart (10000 points) over 400 days: hours, not the raw minutes it might hold.
    expect(resolutionByRange(400 * DAY, 10_000)).toBe('hour')
    expect(resolutionByRange(8 * DAY, 10_000)).toBe('hour')
  })

  it('switches exactly at the edges', () => {
    expect(resolutionByRange(2000 * 60_000, 2000)).toBe('raw')
    expect(resolutionByRange(2000 * 60_000 + 1, 2000)).toBe('count')
    expect(resolutionByRange(2000 * HOUR, 2000)).toBe('hour')
    expect(resolutionByRange(2000 * HOUR + 1, 2000)).toBe('day')
  })
})

describe('the range of a history request', () => {
  const now = new Date('2026-06-10T12:00:00Z')

  it('is the last day without dates', () => {
    expect(historyRange({}, now)).toEqual({ start: new Date('2026-06-09T12:00:00Z'), end: now })
  })

  it('takes a day after a lone start (never past now) and a day before a lone end', () => {
    expect(historyRange({ start_date: '2026-06-01T00:00:00Z' }, now)).toEqual({
      start: new Date('2026-06-01T00:00:00Z'),
      end: new Date('2026-06-02T00:00:00Z'),
    })
    expect(historyRange({ start_date: '2026-06-10T06:00:00Z' }, now)?.end).toEqual(now)
    expect(historyRange({ end_date: '2026-06-05T00:00:00Z' }, now)?.start).toEqual(
      new Date('2026-06-04T00:00:00Z'),
    )
  })

  it('refuses an empty or reversed range and one longer than ten years', () => {
    expect(
      historyRange({ start_date: '2026-06-02T00:00:00Z', end_date: '2026-06-01T00:00:00Z' }, now),
    ).toBeNull()
    expect(
      historyRange({ start_date: '2026-06-02T00:00:00Z', end_date: '2026-06-02T00:00:00Z' }, now),
    ).toBeNull()
    const start = new Date('2010-01-01T00:00:00Z')
    const end = new Date(start.getTime() + maxHistoryRangeMs + 1)
    expect(historyRange({ start_date: start.toISOString(), end_date: end.toISOString() }, now)).toBeNull()
  })

  it('refuses dates that are not ISO instants with the bad range error', () => {
    const parsed = historyRequestSchema.safeParse({
      id_object: 1,
      fields: ['TEMP_1'],
      start_date: 'yesterday',
    })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('errors.history_bad_range')
    expect(historyRequestSchema.safeParse({ id_object: 1, fields: ['TEMP_1'], max_points: 5 }).success).toBe(
      false,
    )
  })
})

describe('history buckets', () => {
  it('puts an instant in its UTC hour', () => {
    expect(hourBucket(new Date('2026-03-29T01:59:59.999Z'))).toEqual(new Date('2026-03-29T01:00:00Z'))
  })

  it('counts days by the farm’s local date: 23 hours on the spring change, 25 on the autumn one', () => {
    const spring = localDayBucket(new Date('2026-03-29T12:00:00Z'), 'Europe/Warsaw')
    expect(spring.day).toBe('2026-03-29')
    expect(spring.start).toEqual(new Date('2026-03-28T23:00:00Z'))
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR)
    const autumn = localDayBucket(new Date('2026-10-25T12:00:00Z'), 'Europe/Warsaw')
    expect(autumn.start).toEqual(new Date('2026-10-24T22:00:00Z'))
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR)
    const ordinary = localDayBucket(new Date('2026-06-10T12:00:00Z'), 'Europe/Warsaw')
    expect(ordinary.end.getTime() - ordinary.start.getTime()).toBe(24 * HOUR)
  })

  it('puts a reading just after local midnight on the new day, not the UTC one', () => {
    // 23:30 UTC on 9 June is 01:30 on 10 June in Warsaw (UTC+2).
    expect(localDayBucket(new Date('2026-06-09T23:30:00Z'), 'Europe/Warsaw').day).toBe('2026-06-10')
    expect(localDayBucket(new Date('2026-06-09T23:30:00Z'), 'America/New_York').day).toBe('2026-06-09')
  })
})
