import { maxReportSources } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { creatorProblems, fromRequest, initialCreatorState, toRequest } from './creator-form'
import { csvProgress } from './csv-progress'

const zone = 'Europe/Warsaw'
const now = new Date('2026-06-02T12:00:00.000Z')
const names = {
  module: (id: number) => `M${id}`,
  output: (id: number) => `O${id}`,
  schedule: (id: number) => `S${id}`,
}
const base = initialCreatorState(now.getTime(), zone)

describe('the reports creator form', () => {
  it("starts at yesterday's farm midnight and ends now, in the farm's wall clock", () => {
    expect(base.start).toBe('2026-06-01T00:00')
    expect(base.end).toBe('2026-06-02T14:00')
  })

  it('needs a source, at most the maximum, and dates neither reversed nor in the future', () => {
    expect(creatorProblems(base, now, zone).map((problem) => problem.key)).toEqual([
      'reports.errors.no_sources',
    ])
    const many = {
      ...base,
      modules: [{ id: 1, fields: Array.from({ length: maxReportSources + 1 }, (_, i) => `F${i}`) }],
    }
    expect(creatorProblems(many, now, zone).map((problem) => problem.key)).toEqual([
      'errors.report_too_many_sources',
    ])
    const chosen = { ...base, modules: [{ id: 1, fields: ['TEMP_1'] }] }
    expect(
      creatorProblems({ ...chosen, start: '2026-06-02T10:00', end: '2026-06-01T10:00' }, now, zone),
    ).toEqual([{ field: 'start', key: 'errors.report_start_after_end' }])
    expect(creatorProblems({ ...chosen, end: '2026-06-02T14:30' }, now, zone)).toEqual([
      { field: 'end', key: 'errors.report_in_future' },
    ])
    expect(creatorProblems({ ...chosen, start: '' }, now, zone)[0]?.key).toBe('errors.report_bad_range')
    expect(creatorProblems(chosen, now, zone)).toEqual([])
  })

  it('sends the farm wall clock as instants and only the options of the type', () => {
    const state = { ...base, type: 'delta_humidity' as const, modules: [{ id: 1, fields: ['HUMIDITY_1'] }] }
    const request = toRequest(
      { ...state, deltaComparator: 'gt', deltaValue: '2.5', comparePrevious: true },
      zone,
      names,
    )
    expect(request).toEqual({
      type: 'delta_humidity',
      sources: [{ id: 1, field: 'HUMIDITY_1', name: 'M1' }],
      start_date: '2026-05-31T22:00:00.000Z',
      end_date: '2026-06-02T12:00:00.000Z',
      grouping: 'hour',
      statistics: 'raw',
      delta_comparator: 'gt',
      delta_value: 2.5,
      compare_previous: true,
    })
    expect(
      toRequest({ ...state, comparePrevious: true, comparePeriod: 'year' }, zone, names).compare_period,
    ).toBe('year')
    expect(toRequest({ ...state, comparePeriod: 'year' }, zone, names).compare_period).toBeUndefined()
    const irrigation = toRequest({ ...base, type: 'irrigation', outputs: [11] }, zone, names)
    expect(irrigation.sources).toEqual([{ id_output: 11, name: 'O11' }])
    expect(irrigation.grouping).toBeUndefined()
    expect(irrigation.compare_previous).toBeUndefined()
    expect(fromRequest(request, zone, base)).toMatchObject({
      type: 'delta_humidity',
      modules: [{ id: 1, fields: ['HUMIDITY_1'] }],
      start: '2026-06-01T00:00',
      deltaValue: '2.5',
      comparePrevious: true,
    })
  })
})

describe('the CSV download progress', () => {
  const start = Date.parse('2026-06-01T00:00:00Z')
  const end = Date.parse('2026-06-03T00:00:00Z')
  it('is the last row time against the range', () => {
    expect(csvProgress('"timestamp","Probe TEMP_1"', start, end)).toBeNull()
    expect(csvProgress('2026-06-02T00:00:00.000Z,12.5', start, end)).toBe(0.5)
    expect(csvProgress('"2026-06-01 12:00",1', start, end)).toBe(0.25)
    // The export's rows: the farm's wall clock, then the UTC instant, which counts.
    expect(csvProgress('2026-06-02 14:00:00,2026-06-02T12:00:00.000Z,11.5\r', start, end)).toBe(0.75)
    expect(csvProgress('\uFEFF"Time (Europe/Warsaw)","Time (UTC)","Probe [°C]"\r', start, end)).toBeNull()
    expect(csvProgress('2026-06-04T00:00:00Z,1', start, end)).toBe(1)
  })
})
