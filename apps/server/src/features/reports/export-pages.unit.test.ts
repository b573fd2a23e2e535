import { describe, expect, it } from 'vitest'
import { exportPages, monthPages } from './export-pages'

const MINUTE = 60_000
const DAY = 86_400_000

describe('export pages', () => {
  it('cut a range at the farm’s local month starts, the 25-hour October day included', () => {
    const pages = [
      ...monthPages(new Date('2026-09-15T10:00:00Z'), new Date('2026-11-03T00:00:00Z'), 'Europe/Warsaw'),
    ]
    expect(pages.map((page) => page.start.toISOString())).toEqual([
      '2026-09-15T10:00:00.000Z',
      '2026-09-30T22:00:00.000Z',
      '2026-10-31T23:00:00.000Z',
    ])
    expect(pages.at(-1)?.end.toISOString()).toBe('2026-11-03T00:00:00.000Z')
  })

  it('cut raw minute rows into weeks at most, at whole minutes, covering the range without a gap', () => {
    const start = new Date('2026-01-10T08:30:17.250Z')
    const end = new Date('2026-03-02T00:00:00Z')
    const pages = [...exportPages(start, end, 'Europe/Warsaw', 'minute')]
    expect(pages[0]!.start).toEqual(start)
    expect(pages.at(-1)!.end).toEqual(end)
    for (const [index, page] of pages.entries()) {
      expect(page.end.getTime() - page.start.getTime()).toBeLessThanOrEqual(7 * DAY)
      if (index > 0) expect(page.start).toEqual(pages[index - 1]!.end)
      if (index < pages.length - 1) expect(page.end.getTime() % MINUTE).toBe(0)
    }
    expect(pages.length).toBeGreaterThan(7)
  })

  it('keep a month a page for hourly and daily rows', () => {
    const start = new Date('2026-01-01T00:00:00Z')
    const end = new Date('2026-03-01T00:00:00Z')
    expect([...exportPages(start, end, 'UTC', 'hour')]).toEqual([...monthPages(start, end, 'UTC')])
    expect([...exportPages(start, end, 'UTC', 'day')]).toHaveLength(2)
  })
})
