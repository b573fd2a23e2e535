import { describe, expect, it } from 'vitest'
import { formatDateTime } from './format-date'

const moment = '2026-07-15T10:05:09.000Z'

describe('reading times', () => {
  it('shows a UTC moment in the user time zone, summer time included', () => {
    expect(formatDateTime(moment, 'YYYY-MM-DD HH:mm:ss', 'Europe/Warsaw')).toBe('2026-07-15 12:05:09')
    expect(formatDateTime('2026-01-15T10:05:09.000Z', 'YYYY-MM-DD HH:mm:ss', 'Europe/Warsaw')).toBe(
      '2026-01-15 11:05:09',
    )
    expect(formatDateTime(moment, 'YYYY-MM-DD HH:mm:ss', 'America/New_York')).toBe('2026-07-15 06:05:09')
  })

  it('uses the user date format', () => {
    expect(formatDateTime(moment, 'DD.MM.YYYY HH:mm', 'Europe/Warsaw')).toBe('15.07.2026 12:05')
  })

  it('moves the date when the zone crosses midnight', () => {
    expect(formatDateTime('2026-07-15T23:30:00.000Z', 'YYYY-MM-DD', 'Europe/Warsaw')).toBe('2026-07-16')
  })

  it('uses the browser zone when the user has none, and when the zone is unknown', () => {
    const browser = formatDateTime(moment, 'YYYY-MM-DD HH:mm:ss', null)
    expect(browser).toMatch(/^2026-07-1[45] \d\d:\d\d:09$/)
    expect(formatDateTime(moment, 'YYYY-MM-DD HH:mm:ss', 'Mars/Olympus_Mons')).toBe(browser)
  })

  it('shows nothing for a moment that cannot be read', () => {
    expect(formatDateTime('not a date', 'YYYY-MM-DD', 'UTC')).toBe('')
  })
})
