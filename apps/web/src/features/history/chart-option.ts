import { type HistoryAnswer, type InputField, inUserUnit } from '@kropla/domain'

/** One line (or bar series) of a chart: a field of the answer, its words and catalogue entry. */
export interface ChartSeries {
  field: string
  label: string
  input?: InputField
}

export interface ChartWords {
  average: string
  min: string
  max: string
}

export interface ChartFormat {
  /** A moment in the user's time zone and date format. */
  dateTime: (iso: string) => string
  /** An axis label: the time of day for short ranges, the date for long ones. */
  axisTime: (iso: string, spanMs: number) => string
  temperatureUnit: 'C' | 'F'
  lang: string
}

const palette = ['#1c7ed6', '#e8590c', '#2f9e44', '#ae3ec9', '#f08c00', '#0c8599']
/** Above this many points a series is drawn without animation and thinned to the pixels (LTTB). */
const largeSeries = 2000

type Point = [number, number | null]

/** The tooltip is HTML; a label may be the user's own text (a custom label). */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/** The figures of a row as the user reads them: in their unit (°F for a user who chose it). */
function converted(
  value: number | string | null | undefined,
  input: InputField | undefined,
  format: ChartFormat,
) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null
  return inUserUnit(value, input?.unit ?? '', format.temperatureUnit).amount
}

export const unitOf = (input: InputField | undefined, format: ChartFormat) =>
  inUserUnit(0, input?.unit ?? '', format.temperatureUnit).unit

/**
 * The ECharts option of a history answer: one series per field (line or bars), a min-max band
 * under each aggregated line, one value axis per unit named by it, times on the axis and in the
 * tooltip in the user's zone and format. Big series are thinned per pixel (`sampling: 'lttb'`,
 * `large`) and drawn without animation, so a year of 10-minute readings stays smooth.
 */
export function historyChartOption(
  answer: HistoryAnswer,
  series: readonly ChartSeries[],
  options: {
    type: 'line' | 'bar'
    words: ChartWords
    format: ChartFormat
    /** Dashboard chart options: the value grid lines (default shown), lines drawn as area or steps. */
    grid?: boolean
    look?: 'area' | 'step'
    /** The user asks for reduced motion: no drawing animation. */
    reducedMotion?: boolean
  },
) {
  const { type, words, format } = options
  const grid = options.grid ?? true
  const aggregated = answer.resolution !== 'raw'
  const units = [...new Set(series.map((entry) => unitOf(entry.input, format)))]
  const spanMs = Date.parse(answer.end_date) - Date.parse(answer.start_date)
  const times = answer.rows.map((row) => row.timestamp_unix * 1000)
  const big = answer.rows.length > largeSeries
  const decimals = (input: InputField | undefined) => input?.decimals ?? 2
  const number = (value: number, input: InputField | undefined) =>
    new Intl.NumberFormat(format.lang, {
      minimumFractionDigits: decimals(input),
      maximumFractionDigits: decimals(input),
    }).format(value)

  const axisNumber = new Intl.NumberFormat(format.lang, { maximumFractionDigits: 2 })

  const chartSeries = series.flatMap((entry, index) => {
    const color = palette[index % palette.length]
    const yAxisIndex = units.indexOf(unitOf(entry.input, format))
    const values: Point[] = answer.rows.map((row, at) => [
      times[at]!,
      converted(row[entry.field], entry.input, format),
    ])
    const main = {
      id: `value:${entry.field}`,
      name: entry.label,
      type,
      yAxisIndex,
      data: values,
      color,
      showSymbol: answer.rows.length < 60,
      connectNulls: false,
      ...(type === 'line'
        ? {
            sampling: 'lttb',
            lineStyle: { width: 1.5 },
            ...(options.look === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
            ...(options.look === 'step' ? { step: 'end' } : {}),
          }
        : { large: true, largeThreshold: largeSeries }),
      z: 3,
    }
    if (!aggregated || type !== 'line') return [main]
    const lows: Point[] = answer.rows.map((row, at) => [
      times[at]!,
      converted(row[`${entry.field}__min`], entry.input, format),
    ])
    const spreads: Point[] = answer.rows.map((row, at) => {
      const low = lows[at]![1]
      const high = converted(row[`${entry.field}__max`], entry.input, format)
      return [times[at]!, low === null || high === null ? null : high - low]
    })
    const band = {
      type: 'line',
      yAxisIndex,
      stack: `band:${entry.field}`,
      symbol: 'none',
      silent: true,
      z: 1,
    }
    return [
      {
        ...band,
        id: `min:${entry.field}`,
        name: `${entry.label} ${words.min}`,
        data: lows,
        lineStyle: { opacity: 0 },
      },
      {
        ...band,
        id: `band:${entry.field}`,
        name: `${entry.label} ${words.min}–${words.max}`,
        data: spreads,
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.18 },
      },
      main,
    ]
  })

  const rowAt = new Map(answer.rows.map((row, at) => [times[at]!, row]))
  return {
    animation: !big && !options.reducedMotion,
    color: palette,
    grid: { left: 8, right: 8, top: 36, bottom: 28, containLabel: true },
    legend: { show: series.length > 1, data: series.map((entry) => entry.label), top: 0 },
    dataZoom: [{ type: 'inside' }],
    tooltip: {
      trigger: 'axis',
      formatter: (params: { axisValue: number; seriesId?: string }[]) => {
        const time = params[0]?.axisValue
        const row = time === undefined ? undefined : rowAt.get(time)
        if (!row) return ''
        const lines = series.map((entry) => {
          const unit = unitOf(entry.input, format)
          const show = (value: number | null) =>
            value === null ? '–' : `${number(value, entry.input)}${unit ? ` ${unit}` : ''}`
          const value = show(converted(row[entry.field], entry.input, format))
          const label = escapeHtml(entry.label)
          if (!aggregated) return `${label}: ${value}`
          const low = show(converted(row[`${entry.field}__min`], entry.input, format))
          const high = show(converted(row[`${entry.field}__max`], entry.input, format))
          return `${label}: ${escapeHtml(words.average)} ${value} (${escapeHtml(words.min)} ${low}, ${escapeHtml(words.max)} ${high})`
        })
        return [format.dateTime(row.dtimestamp), ...lines].join('<br/>')
      },
    },
    xAxis: {
      type: 'time',
      min: Date.parse(answer.start_date),
      max: Date.parse(answer.end_date),
      axisLabel: {
        hideOverlap: true,
        formatter: (value: number) => format.axisTime(new Date(value).toISOString(), spanMs),
      },
    },
    yAxis: units.map((unit, index) => ({
      type: 'value',
      name: unit,
      position: index % 2 === 0 ? 'left' : 'right',
      offset: index > 1 ? 48 * Math.floor(index / 2) : 0,
      scale: true,
      splitLine: { show: grid && index === 0 },
      // The axis's numbers in the user's language too ("21,5" in Polish), not ECharts' own "21.5".
      axisLabel: { formatter: (value: number) => axisNumber.format(value) },
    })),
    series: chartSeries,
  }
}
