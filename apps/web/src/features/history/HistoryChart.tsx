import type { HistoryAnswer } from '@kropla/domain'
import { Box } from '@mantine/core'
import { useReducedMotion } from '@mantine/hooks'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../lib/format-date'
import { useSession } from '../session/use-session'
import { type ChartFormat, type ChartSeries, historyChartOption } from './chart-option'
import type { EChartsType } from './echarts-parts'

export type { ChartSeries } from './chart-option'

export interface HistoryChartProps {
  answer: HistoryAnswer
  series: readonly ChartSeries[]
  type?: 'line' | 'bar'
  height?: number | string
  testId?: string
  /** The value grid lines (dashboard chart option); shown unless false. */
  grid?: boolean
  /** Lines drawn as an area or as steps (dashboard chart types). */
  look?: 'area' | 'step'
}

let canvasSupport: boolean | undefined
function canDrawCanvas() {
  if (canvasSupport === undefined) {
    try {
      canvasSupport = Boolean(document.createElement('canvas').getContext('2d'))
    } catch {
      canvasSupport = false
    }
  }
  return canvasSupport
}

/** The date part and the time part (without seconds) of a user's date format. */
function formatParts(dateFormat: string) {
  const [date = 'YYYY-MM-DD', time = 'HH:mm'] = dateFormat.split(' ')
  return { date, time: time.replace(/:ss$/, '') }
}

/** Chart times in the user's time zone and date format. */
export function useChartFormat(): ChartFormat {
  const { i18n } = useTranslation()
  const { user } = useSession()
  return useMemo(() => {
    const parts = formatParts(user.date_format)
    return {
      lang: i18n.language,
      temperatureUnit: user.temperature_unit,
      dateTime: (iso) => formatDateTime(iso, user.date_format, user.time_zone),
      axisTime: (iso, spanMs) =>
        formatDateTime(iso, spanMs <= 2 * 86_400_000 ? parts.time : parts.date, user.time_zone),
    }
  }, [i18n.language, user.date_format, user.time_zone, user.temperature_unit])
}

/**
 * A history answer as a chart (ECharts, loaded on first draw: never part of the login page or the
 * start screen). Lines or bars per field, a min-max band under aggregated lines, units on the value
 * axes, times in the user's zone. The chart's words for screen readers are in its label.
 */
export function HistoryChart({
  answer,
  series,
  type = 'line',
  height = 320,
  testId,
  grid,
  look,
}: HistoryChartProps) {
  const { t } = useTranslation()
  const format = useChartFormat()
  const element = useRef<HTMLDivElement>(null)
  const [chart, setChart] = useState<EChartsType | null>(null)
  const reducedMotion = useReducedMotion()
  /** The time of the answer last drawn to the end (ECharts' `finished`), for tests and screenshots. */
  const [drawn, setDrawn] = useState<string | null>(null)
  const shown = useRef<string | null>(null)
  const key = `${answer.start_date}/${answer.end_date}/${answer.resolution}/${type}`

  useEffect(() => {
    let disposed = false
    let made: EChartsType | undefined
    let observer: ResizeObserver | undefined
    void import('./echarts-parts').then(({ init }) => {
      if (disposed || !element.current) return
      // Without a 2D canvas (jsdom, a locked-down browser) the label still says what the chart holds.
      if (!canDrawCanvas()) return
      made = init(element.current, undefined, { renderer: 'canvas' })
      made.on('finished', () => setDrawn(shown.current))
      observer = new ResizeObserver(() => made?.resize())
      observer.observe(element.current)
      setChart(made)
    })
    return () => {
      disposed = true
      observer?.disconnect()
      made?.dispose()
    }
  }, [])

  const option = useMemo(
    () =>
      historyChartOption(answer, series, {
        type,
        format,
        grid,
        look,
        words: { average: t('history.average'), min: t('history.min'), max: t('history.max') },
        reducedMotion,
      }),
    [answer, series, type, format, t, grid, look, reducedMotion],
  )
  useEffect(() => {
    // A new answer replaces the old series entirely (notMerge), so no stale band stays behind.
    if (!chart) return
    shown.current = key
    chart.setOption(option, { notMerge: true, lazyUpdate: true })
  }, [chart, option, key])

  const label = series
    .map((entry) =>
      t('history.chart_label', {
        field: entry.label,
        points: answer.rows.filter((row) => typeof row[entry.field] === 'number').length,
        from: format.dateTime(answer.start_date),
        to: format.dateTime(answer.end_date),
      }),
    )
    .join('; ')
  return (
    <Box
      ref={element}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-resolution={answer.resolution}
      data-points={answer.rows.length}
      data-drawn={chart && drawn === key ? 'true' : undefined}
      h={height}
      w="100%"
    />
  )
}
