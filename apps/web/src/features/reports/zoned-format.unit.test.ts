import { dateFormats } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { formatDateTime } from '../../lib/format-date'
import { zonedFormatter } from './zoned-format'

describe('the report tables’ time formatter', () => {
  it('writes what formatDateTime writes, in every user format, across the DST changes', () => {
    const instants = [
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:00:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-06-01T11:59:59.000Z',
      '2026-06-01T22:00:00.000Z',
    ]
    for (const format of [...dateFormats, 'YYYY-MM-DD', 'DD.MM.YYYY HH:mm'])
      for (const zone of ['Europe/Warsaw', 'America/New_York', 'UTC'])
        for (const iso of instants)
          expect(zonedFormatter(format, zone)(Date.parse(iso)), `${format} ${zone} ${iso}`).toBe(
            formatDateTime(iso, format, zone),
          )
  })
})
