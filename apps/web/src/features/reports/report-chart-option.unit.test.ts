import type { ReportSeries, ScheduleReport, SeriesReport } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import {
  barAxisSplit,
  emptyTooltip,
  missingValue,
  type ReportChartFormat,
  reportPalette,
  runColours,
  scheduleChartOption,
  schedulePanelHeight,
  schedulePanelSpacing,
  seriesChartOption,
  tooltipLines,
  valueAxes,
} from './report-chart-option'

const format: ReportChartFormat = {
  lang: 'en',
  temperatureUnit: 'C',
  dateTime: (ms) => `at ${new Date(ms).toISOString().slice(0, 16)}`,
  date: (ms) => `on ${new Date(ms).toISOString().slice(0, 10)}`,
}
const words = {
  autoScale: 'Auto-scale',
  zoom: 'Zoom',
  zoomBack: 'Back',
  restore: 'Restore',
  on: 'On',
  off: 'Off',
}
const start = Date.parse('2026-06-01T00:00:00Z')

function series(overrides: Partial<ReportSeries> & Pick<ReportSeries, 'key' | 'field'>): ReportSeries {
  return {
    id_object: 1,
    object_name: 'Probe',
    custom_label: null,
    level: null,
    suffix: '°C',
    decimals: 1,
    draw: 'line',
    statistic: 'value',
    period: 'current',
    values: [20, null, 22],
    ...overrides,
  }
}

function report(list: ReportSeries[], overrides: Partial<SeriesReport> = {}): SeriesReport {
  return {
    kind: 'series',
    type: 'complex',
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 3 * 3_600_000).toISOString(),
    time_zone: 'Europe/Warsaw',
    failed_sources: [],
    grouping: 'hour',
    statistics: 'raw',
    timestamps: [start, start + 3_600_000, start + 2 * 3_600_000],
    series: list,
    previous: null,
    delta: null,
    ...overrides,
  }
}

const options = (reportType = 'complex') => ({
  reportType,
  format,
  nameOf: (entry: ReportSeries) =>
    `${entry.object_name} ${entry.field}${entry.period === 'previous' ? ' (prev)' : ''}`,
  words,
  autoScale: { isOn: true, onToggle: () => {} },
})

describe('the value axes of a report chart', () => {
  it('shares one axis per unit suffix and alternates left and right, 40 px further per pair', () => {
    expect(valueAxes(['°C', '%', '°C', 'mS/cm', 'kPa', '%', 'g/m³'])).toEqual([
      { unit: '°C', position: 'left', offset: 0 },
      { unit: '%', position: 'right', offset: 0 },
      { unit: 'mS/cm', position: 'left', offset: 40 },
      { unit: 'kPa', position: 'right', offset: 40 },
      { unit: 'g/m³', position: 'left', offset: 80 },
    ])
  })

  it('draws the first left and right axes only on a phone: the others keep their scales unseen', () => {
    const list = ['°C', '%', 'mS/cm', 'kPa'].map((suffix, index) =>
      series({ key: `1:F_${index}`, field: `F_${index}`, suffix }),
    )
    const wide = seriesChartOption(report(list), options())
    const phone = seriesChartOption(report(list), { ...options(), narrow: true })
    expect(wide.yAxis.map((axis) => ('show' in axis ? axis.show : true))).toEqual([true, true, true, true])
    expect(phone.yAxis.map((axis) => ('show' in axis ? axis.show : true))).toEqual([true, true, false, false])
    expect(phone.yAxis.map((axis) => axis.offset)).toEqual([0, 0, 0, 0])
    expect(phone.grid.left).toBeLessThan(wide.grid.left)
    expect(phone.series.map((entry) => entry.yAxisIndex)).toEqual([0, 1, 2, 3])
  })

  it('puts series of the same unit on the same axis', () => {
    const option = seriesChartOption(
      report([
        series({ key: '1:TEMP_1', field: 'TEMP_1' }),
        series({ key: '1:HUMIDITY_1', field: 'HUMIDITY_1', suffix: '%' }),
        series({ key: '2:TEMP_1', field: 'TEMP_1', id_object: 2 }),
      ]),
      options(),
    )
    expect(option.yAxis.map((axis) => axis.name)).toEqual(['°C', '%'])
    expect(option.series.map((entry) => entry.yAxisIndex)).toEqual([0, 1, 0])
  })

  it('reads temperatures in °F for a user who chose Fahrenheit', () => {
    const option = seriesChartOption(report([series({ key: '1:TEMP_1', field: 'TEMP_1' })]), {
      ...options(),
      format: { ...format, temperatureUnit: 'F' },
    })
    expect(option.yAxis[0]?.name).toBe('°F')
    expect(option.series[0]?.data[0]?.[1]).toBeCloseTo(68)
  })

  it('toggles between auto-scale and from zero', () => {
    const on = seriesChartOption(report([series({ key: '1:TEMP_1', field: 'TEMP_1' })]), options())
    const off = seriesChartOption(report([series({ key: '1:TEMP_1', field: 'TEMP_1' })]), {
      ...options(),
      autoScale: { isOn: false, onToggle: () => {} },
    })
    expect(on.yAxis[0]?.scale).toBe(true)
    expect(off.yAxis[0]?.scale).toBe(false)
    expect(on.toolbox.feature.myAutoScale?.title).toBe('Auto-scale: On')
    expect(Object.keys(on.toolbox.feature)).toEqual(['myAutoScale', 'dataZoom', 'restore'])
  })
})

describe('how series are drawn', () => {
  it('uses the palette of 12 in turn and draws a previous period dashed in its current colour', () => {
    const list = Array.from({ length: 13 }, (_, index) =>
      series({ key: `${index}:TEMP_1`, field: 'TEMP_1', id_object: index }),
    )
    list.push(series({ key: '0:TEMP_1:previous', field: 'TEMP_1', period: 'previous' }))
    const option = seriesChartOption(report(list), options())
    expect(reportPalette).toHaveLength(12)
    expect(option.series[0]?.color).toBe(reportPalette[0])
    expect(option.series[11]?.color).toBe(reportPalette[11])
    expect(option.series[12]?.color).toBe(reportPalette[0])
    const previous = option.series[13]!
    expect(previous.color).toBe(reportPalette[0])
    expect(previous.lineStyle?.type).toBe('dashed')
    expect(option.series[0]?.lineStyle?.type).toBe('solid')
  })

  it('draws outputs as steps and binary inputs and leaf wetness as light areas', () => {
    const option = seriesChartOption(
      report([
        series({ key: '1:o1', field: 'o1', suffix: '', decimals: 0 }),
        series({ key: '1:VPD_INFECT_1', field: 'VPD_INFECT_1', suffix: '', decimals: 0 }),
        series({ key: '1:DI_USR_1', field: 'DI_USR_1', suffix: '', decimals: 0, draw: 'area' }),
        series({ key: '1:TEMP_1', field: 'TEMP_1' }),
      ]),
      options(),
    )
    const [output, wetness, binary, temperature] = option.series
    expect(output?.step).toBe('end')
    expect(wetness?.areaStyle).toEqual({ opacity: 0.2 })
    expect(binary?.areaStyle).toEqual({ opacity: 0.2 })
    expect(temperature?.step).toBeUndefined()
    expect(temperature?.areaStyle).toBeUndefined()
  })

  it('shades PWI red from 100 and blue between 0 and 100', () => {
    const option = seriesChartOption(
      report([
        series({ key: '1:TEMP_1', field: 'TEMP_1' }),
        series({ key: '1:PWI_1', field: 'PWI_1', suffix: '%', decimals: 0, values: [50, 120, 0] }),
      ]),
      options('pwi'),
    )
    expect(option.visualMap?.seriesIndex).toEqual([1])
    // The legend explains the shading, not the series' own colour: red from 100, blue below.
    expect(option.visualMap?.show).toBe(true)
    expect(option.visualMap?.selectedMode).toBe(false)
    expect(option.visualMap?.pieces).toEqual([
      { gte: 100, color: '#e03131', label: '≥ 100 %' },
      { gt: 0, lt: 100, color: '#1c7ed6', label: '0–100 %' },
    ])
    expect(option.series[1]?.areaStyle).toEqual({ opacity: 0.2 })
  })

  it('no shading legend on a chart without PWI', () => {
    const option = seriesChartOption(report([series({ key: '1:TEMP_1', field: 'TEMP_1' })]), options('pwi'))
    expect(option.visualMap).toBeUndefined()
  })

  it('draws rainfall and water usage as bars', () => {
    const option = seriesChartOption(
      report([series({ key: '1:cnt3', field: 'cnt3', suffix: 'mm', draw: 'line' })]),
      options('rainfall'),
    )
    expect(option.series[0]?.type).toBe('bar')
  })
})

describe('the time axis of the bar reports', () => {
  const day = 86_400_000
  it('by day: date labels split in 2 under two days, 8 from five days, 5 between', () => {
    expect(barAxisSplit('day', 0, day)).toEqual({ splitNumber: 2, labels: 'date' })
    expect(barAxisSplit('day', 0, 2 * day)).toEqual({ splitNumber: 5, labels: 'date' })
    expect(barAxisSplit('day', 0, 4.9 * day)).toEqual({ splitNumber: 5, labels: 'date' })
    expect(barAxisSplit('day', 0, 5 * day)).toEqual({ splitNumber: 8, labels: 'date' })
  })
  it('by hour or minute: 5 with date and time', () => {
    expect(barAxisSplit('hour', 0, 10 * day)).toEqual({ splitNumber: 5, labels: 'date-time' })
    expect(barAxisSplit('minute', 0, day)).toEqual({ splitNumber: 5, labels: 'date-time' })
  })
  it('labels a daily rainfall chart with dates', () => {
    const option = seriesChartOption(
      report([series({ key: '1:cnt3', field: 'cnt3', suffix: 'mm', values: [1, 2, 3] })], {
        grouping: 'day',
        end_date: new Date(start + 6 * day).toISOString(),
      }),
      options('rainfall'),
    )
    expect(option.xAxis.splitNumber).toBe(8)
    expect(option.xAxis.axisLabel.formatter(start)).toBe('on 2026-06-01')
  })
})

describe('the tooltip', () => {
  it('shows the timestamp, then each value with its unit and ### where one is missing', () => {
    const option = seriesChartOption(
      report([
        series({ key: '1:TEMP_1', field: 'TEMP_1' }),
        series({ key: '1:HUMIDITY_1', field: 'HUMIDITY_1', suffix: '%', values: [40, 41, 42] }),
      ]),
      options(),
    )
    expect(option.tooltip.formatter([{ axisValue: start + 3_600_000 }])).toBe(
      `at 2026-06-01T01:00<br/>Probe TEMP_1: ${missingValue}<br/>Probe HUMIDITY_1: 41.0 %`,
    )
  })
  it('says ??? when it has nothing to show', () => {
    const option = seriesChartOption(report([series({ key: '1:TEMP_1', field: 'TEMP_1' })]), options())
    expect(option.tooltip.formatter([])).toBe(emptyTooltip)
    expect(tooltipLines('at noon', [])).toBe('???')
  })
  it('has a scrolling legend, inside and slider zoom', () => {
    const option = seriesChartOption(report([series({ key: '1:TEMP_1', field: 'TEMP_1' })]), options())
    expect(option.legend.type).toBe('scroll')
    expect(option.dataZoom.map((zoom) => zoom.type)).toEqual(['inside', 'slider'])
  })
})

describe('the schedule chart', () => {
  const run = { error: null, fertigation: false, fertigation_confirm_state: null, confirmed_state: null }
  const schedule: ScheduleReport = {
    kind: 'schedule',
    type: 'schedule',
    start_date: '2026-06-01T00:00:00.000Z',
    end_date: '2026-06-02T00:00:00.000Z',
    time_zone: 'Europe/Warsaw',
    failed_sources: [],
    schedule: { id: 5, name: 'Morning' },
    panels: (['irrigation', 'other', 'clear_water', 'fertigation'] as const).map((kind, index) => ({
      key: `p${index}`,
      kind,
      id_output: index,
      id_object: 1,
      field: 'o1',
      name: `Panel ${index}`,
      states: [
        [start, 0],
        [start + 3_600_000, 1],
      ],
      runs: [{ ...run, open_at: '2026-06-01T01:00:00.000Z', close_at: '2026-06-01T01:30:00.000Z' }],
    })),
  }

  it('stacks 70 px panels 60 apart with an On/Off axis and no auto-scale button', () => {
    const option = scheduleChartOption(schedule, { format, words })
    expect(option.grid.map((grid) => grid.height)).toEqual([70, 70, 70, 70])
    expect(option.grid[1]!.top - option.grid[0]!.top).toBe(schedulePanelHeight + schedulePanelSpacing)
    expect(option.yAxis[0]).toMatchObject({ min: 0, max: 1, interval: 1 })
    expect([1, 0].map((value) => option.yAxis[0]!.axisLabel.formatter(value))).toEqual(['On', 'Off'])
    expect(Object.keys(option.toolbox.feature)).toEqual(['dataZoom', 'restore'])
    expect(option.series.map((entry) => entry.color)).toEqual(['#1c7ed6', '#2f9e44', '#1c7ed6', '#ae3ec9'])
  })

  it('colours runs by result', () => {
    expect(runColours({ ...run, error: 'plan_not_confirmed' }, 'irrigation').fill).toBe('#ffc9c9')
    expect(runColours({ ...run, fertigation: true }, 'irrigation')).toEqual({
      fill: '#ffffff',
      border: '#ae3ec9',
    })
    expect(
      runColours({ ...run, fertigation: true, fertigation_confirm_state: true }, 'irrigation').fill,
    ).toBe('#ae3ec9')
    expect(runColours({ ...run, confirmed_state: true }, 'other').fill).toBe('#2f9e44')
    expect(runColours({ ...run, confirmed_state: true }, 'irrigation').fill).toBe('#1c7ed6')
    expect(runColours(run, 'irrigation')).toEqual({ fill: '#ffffff', border: '#1c7ed6' })
  })
})
