import { findInput, findModel, type HistoryAnswer } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { type ChartFormat, historyChartOption } from './chart-option'

const model = findModel('AM-100-103')!
const temp = findInput(model, 'TEMP_1')
const format: ChartFormat = {
  lang: 'en',
  temperatureUnit: 'C',
  dateTime: (iso) => `at ${iso}`,
  axisTime: (iso) => iso.slice(11, 16),
}
const words = { average: 'Average', min: 'Minimum', max: 'Maximum' }

function answer(resolution: HistoryAnswer['resolution'], count: number): HistoryAnswer {
  const start = Date.parse('2026-06-01T00:00:00Z')
  const step = resolution === 'raw' ? 600_000 : 3_600_000
  return {
    ok: true,
    id_object: 1,
    resolution,
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + count * step).toISOString(),
    fields: ['TEMP_1'],
    rows: Array.from({ length: count }, (_, index) => {
      const ts = new Date(start + index * step)
      return {
        timestamp: ts.toISOString(),
        dtimestamp: ts.toISOString(),
        timestamp_unix: ts.getTime() / 1000,
        TEMP_1: 20,
        ...(resolution === 'raw'
          ? {}
          : { TEMP_1__min: 15, TEMP_1__max: 25, TEMP_1__sum: 120, TEMP_1__count: 6 }),
      }
    }),
  }
}

describe('the chart of a history answer', () => {
  it('draws raw readings as one line with the unit on its axis', () => {
    const option = historyChartOption(answer('raw', 144), [{ field: 'TEMP_1', label: 'Temp', input: temp }], {
      type: 'line',
      words,
      format,
    })
    expect(option.series.map((series) => series.id)).toEqual(['value:TEMP_1'])
    expect(option.yAxis.map((axis) => axis.name)).toEqual(['°C'])
    expect(option.animation).toBe(true)
  })

  it('numbers its value axis in the user’s language (a decimal comma in Polish)', () => {
    const option = historyChartOption(answer('raw', 6), [{ field: 'TEMP_1', label: 'Temp', input: temp }], {
      type: 'line',
      words,
      format: { ...format, lang: 'pl' },
    })
    expect(option.yAxis[0]?.axisLabel.formatter(21.5)).toBe('21,5')
    expect(option.yAxis[0]?.axisLabel.formatter(1250)).toBe('1250')
  })

  it('puts a min-max band under aggregated lines, in the user’s temperature unit', () => {
    const option = historyChartOption(answer('hour', 24), [{ field: 'TEMP_1', label: 'Temp', input: temp }], {
      type: 'line',
      words,
      format: { ...format, temperatureUnit: 'F' },
    })
    expect(option.series.map((series) => series.id)).toEqual(['min:TEMP_1', 'band:TEMP_1', 'value:TEMP_1'])
    expect(option.yAxis[0]?.name).toBe('°F')
    expect(option.series[0]?.data[0]?.[1]).toBeCloseTo(59)
    expect(option.series[1]?.data[0]?.[1]).toBeCloseTo(18)
    expect(option.series[2]?.data[0]?.[1]).toBeCloseTo(68)
  })

  it('thins a year of 10-minute readings per pixel and drops the animation', () => {
    const option = historyChartOption(
      answer('raw', 52_560),
      [{ field: 'TEMP_1', label: 'Temp', input: temp }],
      {
        type: 'line',
        words,
        format,
      },
    )
    expect(option.animation).toBe(false)
    expect(option.series[0]).toMatchObject({ sampling: 'lttb', showSymbol: false })
  })

  it('escapes a user’s own label in the HTML tooltip', () => {
    const data = answer('raw', 3)
    const option = historyChartOption(data, [{ field: 'TEMP_1', label: '<img src=x>', input: temp }], {
      type: 'line',
      words,
      format,
    })
    const text = option.tooltip.formatter([{ axisValue: data.rows[0]!.timestamp_unix * 1000 }])
    expect(text).toContain('&#60;img src=x&#62;: 20.0 °C')
    expect(text).not.toContain('<img')
  })
})
