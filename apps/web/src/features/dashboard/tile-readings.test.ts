import { describe, expect, it } from 'vitest'
import { objectFixture } from '../../testing/me-fixture'
import { lastReadingAt, tileReadings } from './tile-readings'

const at10 = '2026-05-01T10:00:00.000Z'
const at11 = '2026-05-01T11:00:00.000Z'

describe('module tile readings', () => {
  it('lists the catalogue preview fields in order, reported or not', () => {
    const readings = tileReadings(objectFixture({ last_device_model: 'AM-200' }))
    expect(readings.map((reading) => reading.field)).toEqual([
      'TEMP_1',
      'humidity',
      'VPD_1',
      'TEMP_DEW_1',
      'battvol',
    ])
    expect(readings.every((reading) => reading.latest === undefined && reading.trend === null)).toBe(true)
  })

  it('gives the trend against the previous value: up, down or steady', () => {
    const object = objectFixture({
      last_device_model: 'AM-200',
      latest: {
        TEMP_1: { value: 21, dtimestamp: at11, previous: { value: 20, dtimestamp: at10 } },
        humidity: { value: 50, dtimestamp: at11, previous: { value: 55, dtimestamp: at10 } },
        VPD_1: { value: 1.2, dtimestamp: at11, previous: { value: 1.2, dtimestamp: at10 } },
        TEMP_DEW_1: { value: 9, dtimestamp: at11, previous: null },
      },
    })
    const trends = Object.fromEntries(tileReadings(object).map((reading) => [reading.field, reading.trend]))
    expect(trends).toEqual({ TEMP_1: 1, humidity: -1, VPD_1: 0, TEMP_DEW_1: null, battvol: null })
  })

  it('gives outputs no trend', () => {
    const object = objectFixture({
      last_device_model: 'AM-411',
      latest: { o1: { value: 1, dtimestamp: at11, previous: { value: 0, dtimestamp: at10 } } },
    })
    expect(tileReadings(object)[0]).toMatchObject({ field: 'o1', trend: null })
  })

  it('shows every reported field of a model the catalogue does not know', () => {
    const object = objectFixture({
      last_device_model: 'XX-1',
      latest: {
        b: { value: 1, dtimestamp: at10, previous: null },
        a: { value: 2, dtimestamp: at10, previous: null },
      },
    })
    expect(tileReadings(object).map((reading) => reading.field)).toEqual(['a', 'b'])
  })

  it('dates the tile by its newest reading, else by the module last data date', () => {
    const object = objectFixture({
      last_device_model: 'AM-200',
      last_data_at: at10,
      latest: {
        TEMP_1: { value: 21, dtimestamp: at10, previous: null },
        humidity: { value: 50, dtimestamp: at11, previous: null },
      },
    })
    expect(lastReadingAt(object, tileReadings(object))).toBe(at11)
    const empty = objectFixture({ last_data_at: at10 })
    expect(lastReadingAt(empty, tileReadings(empty))).toBe(at10)
  })
})
