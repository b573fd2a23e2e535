import type { LiveDataRow } from '@kropla/domain'
import { meFixture, objectFixture } from '@kropla/domain/testing'
import { describe, expect, it } from 'vitest'
import { mergeLiveData } from './merge-live-data'

function row(
  idObject: number,
  dtimestamp: string,
  values: LiveDataRow['values'],
  previous = {},
): LiveDataRow {
  return {
    id_object: idObject,
    timestamp: dtimestamp.slice(0, 19).replace('T', ' '),
    dtimestamp,
    timestamp_unix: Math.floor(Date.parse(dtimestamp) / 1000),
    activation__: null,
    inactivation__: null,
    values,
    previous,
  }
}

const at10 = '2026-05-01T10:00:00.000Z'
const at11 = '2026-05-01T11:00:00.000Z'
const at09 = '2026-05-01T09:00:00.000Z'

function farm() {
  return meFixture({
    objects: [
      objectFixture({
        id: 1,
        latest: { TEMP_1: { value: 18, dtimestamp: at10, previous: null } },
        last_data_at: at10,
      }),
      objectFixture({ id: 2, serial: 'DEMO-ENV-0001', last_device_model: 'AM-200', latest: {} }),
    ],
  })
}

describe('merging live data into the session', () => {
  it('shows a newer reading and keeps the one it replaced as the previous value', () => {
    const me = mergeLiveData(farm(), [row(1, at11, { TEMP_1: 19.5 })])
    expect(me.objects[0]?.latest.TEMP_1).toEqual({
      value: 19.5,
      dtimestamp: at11,
      previous: { value: 18, dtimestamp: at10 },
    })
    expect(me.objects[0]?.last_data_at).toBe(at11)
  })

  it('takes the previous value from the row when the server sends one', () => {
    const me = mergeLiveData(farm(), [
      row(1, at11, { TEMP_1: 19.5 }, { TEMP_1: { value: 17, dtimestamp: at09 } }),
    ])
    expect(me.objects[0]?.latest.TEMP_1?.previous).toEqual({ value: 17, dtimestamp: at09 })
  })

  it('ignores a reading older than the one shown', () => {
    const before = farm()
    const after = mergeLiveData(before, [row(1, at09, { TEMP_1: 5 })])
    expect(after).toBe(before)
    expect(after.objects[0]?.latest.TEMP_1?.value).toBe(18)
  })

  it('adds fields the module had not reported yet', () => {
    const me = mergeLiveData(farm(), [row(2, at11, { TEMP_1: 24.1, humidity: 61 })])
    expect(me.objects[1]?.latest.humidity).toEqual({ value: 61, dtimestamp: at11, previous: null })
    expect(me.objects[1]?.last_data_at).toBe(at11)
  })

  it('leaves other modules untouched, down to object identity', () => {
    const before = farm()
    const after = mergeLiveData(before, [row(2, at11, { humidity: 61 })])
    expect(after.objects[0]).toBe(before.objects[0])
    expect(after.user).toBe(before.user)
  })

  it('keeps the newest when rows arrive out of order in one batch', () => {
    const me = mergeLiveData(farm(), [row(1, at11, { TEMP_1: 20 }), row(1, at09, { TEMP_1: 1 })])
    expect(me.objects[0]?.latest.TEMP_1?.value).toBe(20)
  })

  it('merges a field per field: an old row can still bring a field that is newer than what is shown', () => {
    const me = mergeLiveData(farm(), [row(1, at09, { TEMP_1: 1, HUMIDITY_1: 33 })])
    expect(me.objects[0]?.latest.TEMP_1?.value).toBe(18)
    expect(me.objects[0]?.latest.HUMIDITY_1?.value).toBe(33)
    expect(me.objects[0]?.last_data_at).toBe(at10)
  })

  it('ignores rows of modules that are not on this account', () => {
    const before = farm()
    expect(mergeLiveData(before, [row(99, at11, { TEMP_1: 1 })])).toBe(before)
  })
})
