import { describe, expect, it } from 'vitest'
import type { Reading } from '../protocol/validate-readings'
import { buildLiveDataRows, liveDataRowSchema, type StoredLatest } from './live-data-row'

const object = {
  id: 42,
  activatedAt: new Date('2026-04-01T08:00:00Z'),
  deactivatedAt: null,
}
const t1 = new Date('2026-05-01T06:00:00Z')
const t2 = new Date('2026-05-01T06:10:00.750Z')
const reading = (field: string, ts: Date, value: number | null): Reading => ({ field, ts, value })

describe('buildLiveDataRows', () => {
  it('groups readings by timestamp into one row each, oldest first', () => {
    const rows = buildLiveDataRows(
      object,
      [
        reading('TEMP_1', t2, 15),
        reading('TEMP_1', t1, 14),
        reading('HUMIDITY_1', t2, 30),
        reading('HUMIDITY_1', t1, 31),
      ],
      [],
    )
    expect(rows.map((row) => row.values)).toEqual([
      { TEMP_1: 14, HUMIDITY_1: 31 },
      { TEMP_1: 15, HUMIDITY_1: 30 },
    ])
    for (const row of rows) expect(liveDataRowSchema.parse(row)).toEqual(row)
  })

  it('gives each row the three timestamp forms and the activation times', () => {
    const [row] = buildLiveDataRows(object, [reading('TEMP_1', t2, 15)], [])
    expect(row).toMatchObject({
      id_object: 42,
      timestamp: '2026-05-01 06:10:00',
      dtimestamp: '2026-05-01T06:10:00.750Z',
      timestamp_unix: Math.floor(t2.getTime() / 1000),
      activation__: '2026-04-01T08:00:00.000Z',
      inactivation__: null,
    })
  })

  it('fills the previous block from the stored previous value of the newest reading only', () => {
    const latest: StoredLatest[] = [
      { field: 'TEMP_1', ts: t2, value: 15, previousTs: t1, previousValue: 14 },
      { field: 'HUMIDITY_1', ts: t2, value: 30, previousTs: null, previousValue: null },
      { field: 'battvol', ts: t2, value: 3.7, previousTs: t1, previousValue: null },
    ]
    const rows = buildLiveDataRows(
      object,
      [
        reading('TEMP_1', t1, 14),
        reading('TEMP_1', t2, 15),
        reading('HUMIDITY_1', t2, 30),
        reading('battvol', t2, 3.7),
      ],
      latest,
    )
    expect(rows[0]!.previous).toEqual({})
    expect(rows[1]!.previous).toEqual({
      TEMP_1: { value: 14, dtimestamp: t1.toISOString() },
      battvol: { value: null, dtimestamp: t1.toISOString() },
    })
  })

  it('gives an older (buffered) reading no previous block, even when a stored value exists', () => {
    const latest: StoredLatest[] = [{ field: 'TEMP_1', ts: t2, value: 15, previousTs: t1, previousValue: 14 }]
    const [row] = buildLiveDataRows(object, [reading('TEMP_1', new Date('2026-05-01T05:00:00Z'), 13)], latest)
    expect(row!.previous).toEqual({})
  })

  it('returns no rows for no readings', () => {
    expect(buildLiveDataRows(object, [], [])).toEqual([])
  })
})
