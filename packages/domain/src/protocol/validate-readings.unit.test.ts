import { describe, expect, it } from 'vitest'
import { findModel } from '../catalogue/catalogue'
import { maxFutureSkewMs, validateReadings } from './validate-readings'

const trio = findModel('AM-100-103')!
const valvo = findModel('AM-411')!
const receivedAt = new Date('2026-05-01T06:00:00Z')

describe('validateReadings', () => {
  it('keeps every catalogue field of a reading set, at its own ts', () => {
    const result = validateReadings(
      trio,
      { ts: '2026-05-01T05:59:50Z', values: { TEMP_1: 14.2, HUMIDITY_1: 31.5 } },
      receivedAt,
    )
    expect(result.rejected).toEqual([])
    expect(result.readings).toEqual([
      { field: 'TEMP_1', ts: new Date('2026-05-01T05:59:50Z'), value: 14.2 },
      { field: 'HUMIDITY_1', ts: new Date('2026-05-01T05:59:50Z'), value: 31.5 },
    ])
  })

  it('rejects a field the model does not have, and keeps the rest of the message', () => {
    const result = validateReadings(
      trio,
      { ts: '2026-05-01T05:59:50Z', values: { TEMP_1: 14.2, WEIGHT_SUM_1: 12, battvol: 3.61 } },
      receivedAt,
    )
    expect(result.rejected).toEqual([{ field: 'WEIGHT_SUM_1', reason: 'unknown_field' }])
    expect(result.readings.map((reading) => reading.field)).toEqual(['TEMP_1', 'battvol'])
  })

  it('rejects a value that is not a number, field by field', () => {
    const result = validateReadings(
      trio,
      { values: { TEMP_1: '14.2', HUMIDITY_1: null, ECW_1: true, MCI_1: { v: 1 }, TEMP_2: 9.5 } },
      receivedAt,
    )
    expect(result.rejected.map((rejection) => [rejection.field, rejection.reason])).toEqual([
      ['TEMP_1', 'not_a_number'],
      ['HUMIDITY_1', 'not_a_number'],
      ['ECW_1', 'not_a_number'],
      ['MCI_1', 'not_a_number'],
    ])
    expect(result.rejected[0]!.detail).toBe('"14.2"')
    expect(result.readings).toEqual([{ field: 'TEMP_2', ts: receivedAt, value: 9.5 }])
  })

  it('stores outputs true/false as 1/0 and allows null (unknown) for outputs and flags', () => {
    const result = validateReadings(
      valvo,
      { values: { o1: true, o2: false, o3: null, o4: 1, comm: null } },
      receivedAt,
    )
    expect(result.rejected).toEqual([])
    expect(Object.fromEntries(result.readings.map((reading) => [reading.field, reading.value]))).toEqual({
      o1: 1,
      o2: 0,
      o3: null,
      o4: 1,
      comm: null,
    })
  })

  it('does not take a boolean for a flag or a number field', () => {
    const result = validateReadings(valvo, { values: { comm: true, sigstr: false } }, receivedAt)
    expect(result.rejected.map((rejection) => rejection.field)).toEqual(['comm', 'sigstr'])
  })

  it('uses the receive time when ts is missing', () => {
    const result = validateReadings(trio, { values: { TEMP_1: 1 } }, receivedAt)
    expect(result.readings[0]!.ts).toEqual(receivedAt)
  })

  it('accepts a ts up to 5 minutes ahead of the server clock and rejects one further ahead', () => {
    const inFiveMinutes = new Date(receivedAt.getTime() + maxFutureSkewMs).toISOString()
    const justOver = new Date(receivedAt.getTime() + maxFutureSkewMs + 1000).toISOString()
    expect(
      validateReadings(trio, { ts: inFiveMinutes, values: { TEMP_1: 1 } }, receivedAt).readings,
    ).toHaveLength(1)
    const late = validateReadings(trio, { ts: justOver, values: { TEMP_1: 1, TEMP_2: 2 } }, receivedAt)
    expect(late.readings).toEqual([])
    expect(late.rejected).toEqual([{ field: null, reason: 'future_ts', detail: justOver }])
  })

  it.each([
    'yesterday',
    '2026-05-01',
    '2026-05-01 06:00:00',
    '2026-05-01T08:00:00+02:00',
    '2026-13-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-04-31T12:00:00Z',
    '2026-05-01T24:00:00Z',
    // A clock that was never set, and a year PostgreSQL cannot store (there is no year 0).
    '1970-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '1999-12-31T23:59:59Z',
  ])('rejects the invalid or non-UTC ts %s', (ts) => {
    const result = validateReadings(trio, { ts, values: { TEMP_1: 1 } }, receivedAt)
    expect(result.readings).toEqual([])
    expect(result.rejected).toEqual([{ field: null, reason: 'invalid_ts', detail: ts }])
  })

  it.each([
    '2026-05-01T05:00:00Z',
    '2026-05-01T05:00:00.250Z',
    '2026-05-01T05:00:00+00:00',
    '2024-02-29T05:00:00Z',
    '2000-01-01T00:00:00Z',
  ])('accepts the UTC ts %s', (ts) => {
    expect(validateReadings(trio, { ts, values: { TEMP_1: 1 } }, receivedAt).rejected).toEqual([])
  })

  it('checks each set of a buffered upload on its own', () => {
    const result = validateReadings(
      trio,
      {
        readings: [
          { ts: '2026-05-01T05:00:00Z', values: { TEMP_1: 10, HUMIDITY_1: 30 } },
          { ts: 'garbage', values: { TEMP_1: 11 } },
          { ts: '2026-05-01T05:10:00Z', values: { TEMP_1: 12, nonsense: 1 } },
        ],
      },
      receivedAt,
    )
    expect(
      result.readings.map((reading) => [reading.field, reading.ts.toISOString(), reading.value]),
    ).toEqual([
      ['TEMP_1', '2026-05-01T05:00:00.000Z', 10],
      ['HUMIDITY_1', '2026-05-01T05:00:00.000Z', 30],
      ['TEMP_1', '2026-05-01T05:10:00.000Z', 12],
    ])
    expect(result.rejected).toEqual([
      { field: null, reason: 'invalid_ts', detail: 'garbage' },
      { field: 'nonsense', reason: 'unknown_field' },
    ])
  })
})
