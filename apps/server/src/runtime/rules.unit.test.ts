import { findModel, planErrors } from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { conditionsVerdict, groupAverage, metricFields } from './condition-rules'
import { commandOutputs, remainingMinutes } from './run-rules'

const run = (openAt: string, duration: number) => ({ open_at: new Date(openAt), duration })

describe('the minutes a due run is sent with', () => {
  it.each([
    ['on time', '2030-01-01T10:00:00Z', 5],
    ['a second late', '2030-01-01T10:00:01Z', 5],
    ['two minutes late (after an outage)', '2030-01-01T10:02:00Z', 3],
    ['with 40 s left', '2030-01-01T10:04:20Z', 1],
    ['with 20 s left: missed', '2030-01-01T10:04:40Z', 0],
    ['after its window', '2030-01-01T10:06:00Z', 0],
  ])('%s', (_case, now, minutes) => {
    expect(remainingMinutes(run('2030-01-01T10:00:00Z', 5), new Date(now))).toBe(minutes)
  })

  it('one command per module: each output with its minutes and the end of its run', () => {
    expect(
      commandOutputs([
        { field_name: 'o1', minutes: 5, until: new Date('2030-01-01T10:05:00Z') },
        { field_name: 'o3', minutes: 2, until: new Date('2030-01-01T10:02:00Z') },
        { field_name: 'o1', minutes: 3, until: new Date('2030-01-01T10:03:00Z') },
      ]),
    ).toEqual({
      o1: { on: true, minutes: 5, until: '2030-01-01T10:05:00.000Z' },
      o3: { on: true, minutes: 2, until: '2030-01-01T10:02:00.000Z' },
    })
  })
})

describe('condition metrics in the catalogue', () => {
  it('reads soil metrics from the probes levels and air temperature from the air sensor', () => {
    const trio = findModel('AM-100-103')
    expect(metricFields(trio, 'soil_humidity')).toEqual(['HUMIDITY_1', 'HUMIDITY_2', 'HUMIDITY_3'])
    expect(metricFields(trio, 'soil_temperature')).toEqual(['TEMP_1', 'TEMP_2', 'TEMP_3'])
    expect(metricFields(trio, 'ec')).toEqual(['ECW_1', 'ECW_2', 'ECW_3'])
    expect(metricFields(trio, 'mci')).toEqual(['MCI_1', 'MCI_2', 'MCI_3'])
    expect(metricFields(trio, 'air_temperature')).toEqual([])
    const enviro = findModel('AM-200')
    expect(metricFields(enviro, 'air_temperature')).toEqual(['TEMP_1'])
    expect(metricFields(enviro, 'soil_temperature')).toEqual([])
    expect(metricFields(findModel('AM-411'), 'soil_humidity')).toEqual([])
  })

  it('averages a group over its modules that have values', () => {
    expect(groupAverage([[20, 30], [40], []])).toBe(32.5)
    expect(groupAverage([[], []])).toBeNull()
  })

  it('needs every condition to hold; a missing value is no data', () => {
    const conditions = [
      { comparator: 'lt' as const, value: 30 },
      { comparator: 'gt' as const, value: 5 },
    ]
    expect(conditionsVerdict(conditions, [20, 10])).toEqual({ kind: 'met' })
    expect(conditionsVerdict(conditions, [30, 10])).toEqual({ kind: 'not_met' })
    expect(conditionsVerdict(conditions, [20, null])).toEqual({ kind: 'no_data' })
  })
})

describe('the error a plan row carries', () => {
  it.each(Object.values(planErrors))('%s is worded in Polish and English', (code) => {
    for (const lang of ['en', 'pl'] as const)
      expect(translate(lang, `errors.${code}`)).not.toBe(`errors.${code}`)
  })
})
