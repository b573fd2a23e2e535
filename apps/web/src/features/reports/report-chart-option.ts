import {
  inUserUnit,
  type ReportGrouping,
  type ReportSeries,
  type SchedulePanel,
  type ScheduleReport,
  type SeriesReport,
} from '@kropla/domain'

/** The report charts' palette of 12 (spec 02 section 9), each at least 3:1 against white. */
export const reportPalette = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#c2255c',
  '#0c8599',
  '#5f3dc4',
  '#b35900',
  '#4c8a0b',
  '#1864ab',
  '#862e9c',
  '#c92a2a',
] as const

/** Shown in a tooltip for a series without a value at that time, and for a tooltip with nothing to say. */
export const missingValue = '###'
export const emptyTooltip = '???'

/** The offset between the value axes of one side: one pair (left and right) per step. */
export const axisOffsetPerPair = 40

export interface ReportChartFormat {
  lang: string
  temperatureUnit: 'C' | 'F'
  /** A moment in the user's date format, in the farm's zone. */
  dateTime: (epochMs: number) => string
  /** The day of a moment in the user's date format, in the farm's zone. */
  date: (epochMs: number) => string
}

/** What a series is called on the chart and in the table (its module, field label, level, statistic, period). */
export type SeriesName = (series: ReportSeries) => string

/** The unit a series is read in: its suffix, °C turned into °F for a user who chose it. */
export const unitOfSeries = (series: Pick<ReportSeries, 'suffix'>, temperatureUnit: 'C' | 'F') =>
  inUserUnit(0, series.suffix, temperatureUnit).unit

export const valueInUserUnit = (
  series: Pick<ReportSeries, 'suffix'>,
  value: number | null | undefined,
  temperatureUnit: 'C' | 'F',
): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? inUserUnit(value, series.suffix, temperatureUnit).amount
    : null

const numberFormats = new Map<string, Intl.NumberFormat>()
/** One Intl.NumberFormat per language and decimals, made once: a table formats a screenful per frame. */
export function numberFormat(lang: string, decimals: number) {
  const key = `${lang}|${decimals}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
    numberFormats.set(key, format)
  }
  return format
}

/** A value with its decimals and unit, as the table and the tooltip show it; null as '###'. */
export function formatReportValue(
  series: Pick<ReportSeries, 'suffix' | 'decimals'>,
  value: number | null | undefined,
  format: Pick<ReportChartFormat, 'lang' | 'temperatureUnit'>,
  missing = missingValue,
) {
  const amount = valueInUserUnit(series, value, format.temperatureUnit)
  if (amount === null) return missing
  const text = numberFormat(format.lang, series.decimals).format(amount)
  const unit = unitOfSeries(series, format.temperatureUnit)
  return unit ? `${text} ${unit}` : text
}

export interface ValueAxis {
  unit: string
  position: 'left' | 'right'
  offset: number
}

/**
 * One value axis per distinct unit suffix, in the order the series first use them: the first on
 * the left, the second on the right, then left and right again each pair 40 px further out.
 */
export function valueAxes(units: readonly string[]): ValueAxis[] {
  const distinct = [...new Set(units)]
  return distinct.map((unit, index) => ({
    unit,
    position: index % 2 === 0 ? 'left' : 'right',
    offset: axisOffsetPerPair * Math.floor(index / 2),
  }))
}

/**
 * The time axis of the bar reports (rainfall, water usage): by day, date-only labels split in 2
 * under two days, 8 from five days on, 5 between; other groupings 5 with date and time.
 */
export function barAxisSplit(grouping: ReportGrouping, startMs: number, endMs: number) {
  if (grouping !== 'day') return { splitNumber: 5, labels: 'date-time' as const }
  const days = (endMs - startMs) / 86_400_000
  return { splitNumber: days < 2 ? 2 : days >= 5 ? 8 : 5, labels: 'date' as const }
}

/** The outputs of a module, drawn as steps. */
const outputFields = new Set(['o1', 'o2', 'o3', 'o4'])

/** How a series is drawn: the server's choice, with the spec's rules for outputs, leaf wetness and the sums. */
export function drawOf(series: ReportSeries, reportType: string): ReportSeries['draw'] {
  if (reportType === 'rainfall' || reportType === 'water_usage') return 'bar'
  if (outputFields.has(series.field)) return 'step'
  if (series.field === 'VPD_INFECT_1') return 'area'
  return series.draw
}

/** The key of the current-period series a previous-period one is drawn beside. */
export const currentKeyOf = (key: string) => key.replace(/:previous$/, '')

/** The PWI shading: values of 100 and more red, values between 0 and 100 blue. */
export const pwiShading = [
  { gte: 100, color: '#e03131' },
  { gt: 0, lt: 100, color: '#1c7ed6' },
] as const

/**
 * The PWI shading's pieces as the chart's legend explains them ("≥ 100 %" red, "0–100 %" blue), with
 * the numbers in the user's language and the series' unit: the line's own legend colour cannot say
 * that it turns red from 100.
 */
export function pwiShadingLegend(lang: string, unit: string) {
  const number = numberFormat(lang, 0)
  const withUnit = (text: string) => (unit ? `${text} ${unit}` : text)
  return [
    { ...pwiShading[0], label: withUnit(`≥ ${number.format(100)}`) },
    { ...pwiShading[1], label: withUnit(`${number.format(0)}–${number.format(100)}`) },
  ]
}

/**
 * A tooltip's text: the timestamp, then each series' value with its unit ('###' where it has
 * none at that time); '???' when there is nothing to show at all.
 */
export function tooltipLines(time: string | null, lines: readonly { name: string; value: string }[]) {
  if (time === null || lines.length === 0) return emptyTooltip
  return [time, ...lines.map((line) => `${line.name}: ${line.value}`)].join('\n')
}

/** The tooltip is HTML; a name may be the user's own text (a module name, a custom label). */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** Above this many rows a series is thinned per pixel and drawn without animation. */
const largeSeries = 2000

export interface ChartWords {
  autoScale: string
  zoom: string
  zoomBack: string
  restore: string
  on: string
  off: string
}

/** The toolbar's auto-scale button: a bar chart with arrows (a path ECharts draws). */
const autoScaleIcon = 'path://M4,28 L4,4 M28,28 L4,28 M10,22 L16,10 L22,18 L28,6'

interface ToolboxOptions {
  words: ChartWords
  /** Present on every chart but the schedule chart: toggles the value axes between auto-scale and from zero. */
  autoScale?: { isOn: boolean; onToggle: () => void }
}

function toolbox({ words, autoScale }: ToolboxOptions) {
  return {
    right: 8,
    top: 0,
    itemSize: 18,
    feature: {
      ...(autoScale
        ? {
            myAutoScale: {
              show: true,
              title: `${words.autoScale}: ${autoScale.isOn ? words.on : words.off}`,
              icon: autoScaleIcon,
              iconStyle: { borderColor: autoScale.isOn ? '#1c7ed6' : '#495057' },
              onclick: autoScale.onToggle,
            },
          }
        : {}),
      dataZoom: { yAxisIndex: 'none', title: { zoom: words.zoom, back: words.zoomBack } },
      restore: { title: words.restore },
    },
  }
}

/** One series of the chart, as ECharts reads it (the parts this module sets). */
export interface ReportChartSeries {
  id: string
  name: string
  type: 'line' | 'bar'
  yAxisIndex: number
  data: (number | null)[][]
  color: string
  z: number
  large?: boolean
  itemStyle?: Record<string, unknown>
  showSymbol?: boolean
  connectNulls?: boolean
  sampling?: 'lttb'
  lineStyle?: { width: number; type: 'solid' | 'dashed'; opacity: number }
  step?: 'end'
  areaStyle?: { opacity: number }
}

export interface SeriesChartOptions {
  reportType: string
  format: ReportChartFormat
  nameOf: SeriesName
  words: ChartWords
  autoScale: { isOn: boolean; onToggle: () => void }
  reducedMotion?: boolean
  /**
   * A narrow chart (a phone): only the first left and right value axes are drawn, the others keep
   * their scales without lines or labels (each value's unit is in the tooltip and the table), so
   * that six units leave the plot its width.
   */
  narrow?: boolean
}

/**
 * The ECharts option of a series report (spec 02 section 9): the palette of 12; one value axis
 * per unit suffix, alternating sides 40 px apart per pair; outputs as steps, binary inputs and
 * leaf wetness as light areas, PWI shaded red from 100 and blue below; rainfall and water usage
 * as bars with their split counts; a previous period dashed beside its current series in the
 * same colour; toolbar (auto-scale, zoom by area, restore), inside and slider zoom, a scrolling
 * legend; tooltips with the timestamp and each value with its unit.
 */
export function seriesChartOption(report: SeriesReport, options: SeriesChartOptions) {
  const { format, nameOf, reportType } = options
  const unitOf = (series: ReportSeries) => unitOfSeries(series, format.temperatureUnit)
  const axes = valueAxes(report.series.map(unitOf))
  const axisIndex = new Map(axes.map((axis, index) => [axis.unit, index]))
  const currentKeys = [...new Set(report.series.map((series) => currentKeyOf(series.key)))]
  const colourOf = (series: ReportSeries) =>
    reportPalette[currentKeys.indexOf(currentKeyOf(series.key)) % reportPalette.length]!
  const big = report.timestamps.length > largeSeries
  const startMs = Date.parse(report.start_date)
  const endMs = Date.parse(report.end_date)
  const isBars = reportType === 'rainfall' || reportType === 'water_usage'
  const split = isBars ? barAxisSplit(report.grouping, startMs, endMs) : null
  const dayLabels = split
    ? split.labels === 'date'
    : report.grouping === 'day' || endMs - startMs > 2 * 86_400_000

  const pwiIndexes: number[] = []
  const pwiUnit = report.series.find((entry) => entry.field === 'PWI_1')
  const shadingLegend = pwiUnit ? pwiShadingLegend(format.lang, unitOf(pwiUnit)) : []
  const series = report.series.map((entry, index): ReportChartSeries => {
    const draw = drawOf(entry, reportType)
    const previous = entry.period === 'previous'
    const color = colourOf(entry)
    const data = report.timestamps.map((time, at) => [
      time,
      valueInUserUnit(entry, entry.values[at], format.temperatureUnit),
    ])
    if (entry.field === 'PWI_1' && !previous) pwiIndexes.push(index)
    const common = {
      id: entry.key,
      name: nameOf(entry),
      yAxisIndex: axisIndex.get(unitOf(entry)) ?? 0,
      data,
      color,
      z: previous ? 2 : 3,
    }
    if (draw === 'bar')
      return {
        ...common,
        type: 'bar',
        large: big,
        itemStyle: previous
          ? { color, opacity: 0.45, decal: { symbol: 'rect', dashArrayX: [1, 0] } }
          : { color },
      }
    return {
      ...common,
      type: 'line',
      showSymbol: report.timestamps.length < 60,
      connectNulls: false,
      sampling: big ? 'lttb' : undefined,
      lineStyle: { width: 1.5, type: previous ? 'dashed' : 'solid', opacity: previous ? 0.8 : 1 },
      ...(draw === 'step' ? { step: 'end' } : {}),
      ...(draw === 'area' ? { areaStyle: { opacity: 0.2 } } : {}),
      ...(entry.field === 'PWI_1' && !previous ? { areaStyle: { opacity: 0.2 } } : {}),
    }
  })

  const indexOfTime = new Map(report.timestamps.map((time, at) => [time, at]))
  const tooltipFormatter = (params: { axisValue?: number }[] | { axisValue?: number }) => {
    const first = Array.isArray(params) ? params[0] : params
    const time = first?.axisValue
    const at = time === undefined ? undefined : indexOfTime.get(Number(time))
    if (at === undefined) return emptyTooltip
    const lines = report.series.map((entry) => ({
      name: escapeHtml(nameOf(entry)),
      value: formatReportValue(entry, entry.values[at], format),
    }))
    const stamp = report.grouping === 'day' ? format.date(Number(time)) : format.dateTime(Number(time))
    return tooltipLines(stamp, lines).replaceAll('\n', '<br/>')
  }

  const drawnAxes = options.narrow ? axes.slice(0, 2) : axes
  const leftAxes = drawnAxes.filter((axis) => axis.position === 'left').length
  const rightAxes = drawnAxes.length - leftAxes
  return {
    animation: !big && !options.reducedMotion,
    color: [...reportPalette],
    grid: {
      left: 16 + Math.max(0, leftAxes - 1) * axisOffsetPerPair,
      right: 16 + Math.max(0, rightAxes - 1) * axisOffsetPerPair,
      // Room above the axes' unit names for the toolbar at the top right.
      top: 64,
      bottom: 88,
      containLabel: true,
    },
    legend: { type: 'scroll', bottom: 0, left: 'center', data: series.map((entry) => entry.name) },
    toolbox: toolbox({ words: options.words, autoScale: options.autoScale }),
    dataZoom: [
      { type: 'inside', xAxisIndex: 0 },
      { type: 'slider', xAxisIndex: 0, bottom: 32, height: 20 },
    ],
    tooltip: { trigger: 'axis', confine: true, formatter: tooltipFormatter },
    ...(pwiIndexes.length > 0
      ? {
          // Shown at the top left, beside the toolbar: it tells what the line's red and blue mean.
          visualMap: {
            show: true,
            type: 'piecewise',
            seriesIndex: pwiIndexes,
            dimension: 1,
            pieces: shadingLegend,
            selectedMode: false,
            orient: 'horizontal',
            left: 8,
            top: 0,
            itemWidth: 14,
            itemHeight: 10,
            textStyle: { color: '#212529' },
            outOfRange: { color: '#868e96' },
          },
        }
      : {}),
    xAxis: {
      type: 'time',
      min: startMs,
      max: endMs,
      ...(split ? { splitNumber: split.splitNumber } : {}),
      axisLabel: {
        hideOverlap: true,
        formatter: (value: number) => (dayLabels ? format.date(value) : format.dateTime(value)),
      },
    },
    yAxis: axes.map((axis, index) => ({
      type: 'value',
      name: axis.unit,
      position: axis.position,
      offset: index < drawnAxes.length ? axis.offset : 0,
      ...(index < drawnAxes.length ? {} : { show: false }),
      scale: options.autoScale.isOn,
      alignTicks: index > 0,
      splitLine: { show: index === 0 },
      axisLine: { show: true },
    })),
    series,
  }
}

/** Each panel of the schedule chart and the space between two (spec 02 section 9). */
export const schedulePanelHeight = 70
export const schedulePanelSpacing = 60
const scheduleTop = 48

export const schedulePanelColours: Record<SchedulePanel['kind'], string> = {
  irrigation: '#1c7ed6',
  other: '#2f9e44',
  clear_water: '#1c7ed6',
  fertigation: '#ae3ec9',
}

/**
 * A run's colours on the schedule chart (spec 02 section 4): an error light red; a fertigation run
 * purple when confirmed, white with a purple border when not; a control element's confirmed run
 * green; any other run blue when confirmed, white with a blue border when not.
 */
export function runColours(
  run: Pick<
    SchedulePanel['runs'][number],
    'error' | 'fertigation' | 'fertigation_confirm_state' | 'confirmed_state'
  >,
  kind: SchedulePanel['kind'],
): { fill: string; border: string } {
  if (run.error) return { fill: '#ffc9c9', border: '#e03131' }
  if (run.fertigation)
    return run.fertigation_confirm_state
      ? { fill: '#ae3ec9', border: '#ae3ec9' }
      : { fill: '#ffffff', border: '#ae3ec9' }
  if (kind === 'other' && run.confirmed_state) return { fill: '#2f9e44', border: '#2f9e44' }
  return run.confirmed_state ? { fill: '#1c7ed6', border: '#1c7ed6' } : { fill: '#ffffff', border: '#1c7ed6' }
}

/** The height the schedule chart needs for its panels, the slider and the legend. */
export const scheduleChartHeight = (panels: number) =>
  scheduleTop + Math.max(1, panels) * (schedulePanelHeight + schedulePanelSpacing) + 40

export interface ScheduleChartOptions {
  format: ReportChartFormat
  words: ChartWords
  reducedMotion?: boolean
}

/**
 * The schedule chart: one 70 px panel per element and water source, 60 px apart, each with an
 * On/Off axis (1 On, 0 Off) and its runs shaded by result; one time axis zoomed together; no
 * auto-scale button.
 */
export function scheduleChartOption(report: ScheduleReport, options: ScheduleChartOptions) {
  const { format, words } = options
  const startMs = Date.parse(report.start_date)
  const endMs = Date.parse(report.end_date)
  const panels = report.panels
  const grid = panels.map((_, index) => ({
    left: 64,
    right: 24,
    top: scheduleTop + index * (schedulePanelHeight + schedulePanelSpacing),
    height: schedulePanelHeight,
  }))
  const xAxis = panels.map((_, index) => ({
    type: 'time',
    gridIndex: index,
    min: startMs,
    max: endMs,
    axisLabel: { hideOverlap: true, formatter: (value: number) => format.dateTime(value) },
  }))
  const yAxis = panels.map((panel, index) => ({
    type: 'value',
    gridIndex: index,
    min: 0,
    max: 1,
    interval: 1,
    name: panel.name,
    nameLocation: 'end',
    nameTextStyle: { align: 'left', padding: [0, 0, 0, -56] },
    axisLabel: { formatter: (value: number) => (value === 1 ? words.on : value === 0 ? words.off : '') },
  }))
  const series = panels.map((panel, index) => ({
    id: panel.key,
    name: panel.name,
    type: 'line',
    step: 'end',
    xAxisIndex: index,
    yAxisIndex: index,
    showSymbol: false,
    color: schedulePanelColours[panel.kind],
    data: panel.states.map(([time, state]) => [time, state]),
    markArea: {
      silent: true,
      data: panel.runs.map((run) => {
        const colours = runColours(run, panel.kind)
        return [
          {
            xAxis: Date.parse(run.open_at),
            itemStyle: { color: colours.fill, borderColor: colours.border, borderWidth: 1, opacity: 0.6 },
          },
          { xAxis: Date.parse(run.close_at) },
        ]
      }),
    },
  }))
  const stateWord = (state: number | null | undefined) =>
    state === 1 ? words.on : state === 0 ? words.off : missingValue
  const tooltipFormatter = (params: { axisValue?: number; seriesName?: string; value?: unknown }[]) => {
    const list = Array.isArray(params) ? params : [params]
    const time = list[0]?.axisValue
    if (time === undefined || list.length === 0) return emptyTooltip
    const lines = list.map((entry) => {
      const value = Array.isArray(entry.value) ? (entry.value[1] as number | null) : null
      return { name: escapeHtml(entry.seriesName ?? ''), value: stateWord(value) }
    })
    return tooltipLines(format.dateTime(Number(time)), lines).replaceAll('\n', '<br/>')
  }
  const allAxes = panels.map((_, index) => index)
  return {
    animation: !options.reducedMotion,
    grid,
    xAxis,
    yAxis,
    series,
    legend: { type: 'scroll', bottom: 0, left: 'center', data: panels.map((panel) => panel.name) },
    toolbox: toolbox({ words }),
    axisPointer: { link: [{ xAxisIndex: 'all' }] },
    dataZoom: [
      { type: 'inside', xAxisIndex: allAxes },
      { type: 'slider', xAxisIndex: allAxes, bottom: 28, height: 16 },
    ],
    tooltip: { trigger: 'axis', confine: true, formatter: tooltipFormatter },
  }
}
