import { objectFixture } from '@kropla/domain/testing'
import { describe, expect, it } from 'vitest'
import {
  isCommunicating,
  lastReadingAt,
  moduleDataDelayMs,
  outputStyle,
  tileReadings,
  tileStatus,
} from './tile-readings'

const at10 = '2026-05-01T10:00:00.000Z'
const at11 = '2026-05-01T11:00:00.000Z'

describe('module tile readings', () => {
  it('lists the catalogue preview fields in order, reported or not, battery apart', () => {
    const readings = tileReadings(objectFixture({ last_device_model: 'AM-200' }))
    expect(readings.map((reading) => reading.field)).toEqual(['TEMP_1', 'humidity', 'VPD_1', 'TEMP_DEW_1'])
    expect(readings.every((reading) => reading.latest === undefined && reading.trend === null)).toBe(true)
  })

  it('lists every field of the model for the start card, preview first, battery, signal and the link flag apart', () => {
    const readings = tileReadings(objectFixture({ last_device_model: 'AM-200' }), undefined, 'every')
    expect(readings.map((reading) => reading.field)).toEqual([
      'TEMP_1',
      'humidity',
      'VPD_1',
      'TEMP_DEW_1',
      'TEMP_WET_1',
      'HD_1',
      'PWI_1',
      'VPD_INFECT_1',
      'TEMP_KAMER_1',
      'TEMP_GAP_1',
    ])
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
    expect(trends).toEqual({ TEMP_1: 1, humidity: -1, VPD_1: 0, TEMP_DEW_1: null })
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

  it('takes the label and units the user gave an input', () => {
    const object = objectFixture({
      last_device_model: 'AM-200',
      latest: { TEMP_1: { value: 21, dtimestamp: at10, previous: null } },
    })
    const [temperature] = tileReadings(object, {
      inputs: { TEMP_1: { custom_label: 'Tunnel 3', custom_units: 'deg' } },
      alarms: {},
    })
    expect(temperature).toMatchObject({ customLabel: 'Tunnel 3', input: { unit: 'deg', decimals: 1 } })
  })

  it('flags a value that meets an active threshold only', () => {
    const object = objectFixture({
      last_device_model: 'AM-100-103',
      latest: {
        HUMIDITY_1: { value: 12, dtimestamp: at10, previous: null },
        HUMIDITY_2: { value: 12, dtimestamp: at10, previous: null },
        HUMIDITY_3: { value: 45, dtimestamp: at10, previous: null },
        TEMP_1: { value: 30, dtimestamp: at10, previous: null },
      },
    })
    const flagged = tileReadings(object, {
      inputs: {},
      alarms: {
        HUMIDITY_1_lt: { active: true, value: 15 },
        HUMIDITY_2_lt: { active: false, value: 15 },
        HUMIDITY_3_gt: { active: true, value: 45 },
        TEMP_1_gt: { active: true, value: 25 },
      },
    })
      .filter((reading) => reading.isFlagged)
      .map((reading) => reading.field)
    expect(flagged).toEqual(['HUMIDITY_1', 'TEMP_1'])
  })

  it('finds battery and signal whichever fields the model has', () => {
    expect(tileStatus(objectFixture({ last_device_model: 'AM-200' }))).toMatchObject({
      battery: { field: 'battvol' },
      signal: { field: 'sigstr' },
    })
    expect(tileStatus(objectFixture({ last_device_model: 'AM-411' })).battery).toBeNull()
  })

  it('is not communicating after the module data delay of 15 minutes without data', () => {
    const now = Date.parse(at11)
    const object = (last: string | null) => objectFixture({ last_data_at: last, latest: {} })
    expect(moduleDataDelayMs).toBe(15 * 60 * 1000)
    expect(isCommunicating(object(new Date(now - 14 * 60 * 1000).toISOString()), now)).toBe(true)
    expect(isCommunicating(object(new Date(now - 16 * 60 * 1000).toISOString()), now)).toBe(false)
    expect(isCommunicating(object(null), now)).toBe(false)
  })

  it('draws valve modules outputs as valves and relay modules outputs as on/off', () => {
    expect(outputStyle(objectFixture({ last_device_model: 'AM-411' }))).toBe('valve')
    expect(outputStyle(objectFixture({ last_device_model: 'AM-421' }))).toBe('valve')
    expect(outputStyle(objectFixture({ last_device_model: 'AM-401' }))).toBe('relay')
    expect(outputStyle(objectFixture({ last_device_model: 'AM-600' }))).toBe('relay')
  })
})
