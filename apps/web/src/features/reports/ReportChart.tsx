import type { ScheduleReport, SeriesReport } from '@kropla/domain'
import { Box, Text, VisuallyHidden } from '@mantine/core'
import { useReducedMotion } from '@mantine/hooks'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { scheduleChartHeight, scheduleChartOption, seriesChartOption } from './report-chart-option'
import type { EChartsType } from './report-echarts-parts'
import { useReportFormat } from './use-report-format'

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

/** Below this width a chart draws two value axes at most (a phone's). */
const narrowWidth = 600

/** An ECharts instance on a box, loaded on first draw; `drawn` flips when an option has finished drawing. */
function useEChart() {
  const element = useRef<HTMLDivElement>(null)
  const [chart, setChart] = useState<EChartsType | null>(null)
  const [finished, setFinished] = useState(0)
  const [narrow, setNarrow] = useState(false)
  useEffect(() => {
    let disposed = false
    let made: EChartsType | undefined
    let observer: ResizeObserver | undefined
    void import('./report-echarts-parts').then(({ init }) => {
      if (disposed || !element.current || !canDrawCanvas()) return
      made = init(element.current, undefined, { renderer: 'canvas' })
      made.on('finished', () => setFinished((count) => count + 1))
      observer = new ResizeObserver(() => {
        made?.resize()
        if (element.current) setNarrow(element.current.clientWidth < narrowWidth)
      })
      observer.observe(element.current)
      setChart(made)
    })
    return () => {
      disposed = true
      observer?.disconnect()
      made?.dispose()
    }
  }, [])
  return { element, chart, finished, narrow }
}

function useWords() {
  const { t } = useTranslation()
  return useMemo(
    () => ({
      autoScale: t('reports.auto_scale'),
      zoom: t('reports.zoom'),
      zoomBack: t('reports.zoom_back'),
      restore: t('reports.restore'),
      on: t('reports.on'),
      off: t('reports.off'),
    }),
    [t],
  )
}

/**
 * A series report as a chart (spec 02 section 9; the rules are in report-chart-option.ts). The
 * auto-scale flag toggles on each click of its toolbar button and is announced beside the chart.
 */
export function SeriesReportChart({ report, typeLabel }: { report: SeriesReport; typeLabel: string }) {
  const { t } = useTranslation()
  const { format, nameOf } = useReportFormat(report.time_zone)
  const words = useWords()
  const reducedMotion = useReducedMotion()
  const [isAutoScale, setAutoScale] = useState(true)
  const { element, chart, finished, narrow } = useEChart()
  const option = useMemo(
    () =>
      seriesChartOption(report, {
        narrow,
        reportType: report.type,
        format,
        nameOf,
        words,
        autoScale: { isOn: isAutoScale, onToggle: () => setAutoScale((on) => !on) },
        reducedMotion,
      }),
    [report, format, nameOf, words, isAutoScale, reducedMotion, narrow],
  )
  const [drawnOption, setDrawnOption] = useState<object | null>(null)
  useEffect(() => {
    if (!chart) return
    // A toggle keeps the zoom (merge); a new report replaces everything.
    chart.setOption(option, { notMerge: false, replaceMerge: ['series', 'yAxis'], lazyUpdate: true })
    setDrawnOption(option)
  }, [chart, option])
  const start = Date.parse(report.start_date)
  const end = Date.parse(report.end_date)
  return (
    <Box>
      <Box
        ref={element}
        role="img"
        aria-label={t('reports.chart_label', {
          type: typeLabel,
          series: report.series.length,
          rows: report.timestamps.length,
          from: format.dateTime(start),
          to: format.dateTime(end),
        })}
        data-testid="report-chart"
        data-series={report.series.length}
        data-auto-scale={isAutoScale ? 'on' : 'off'}
        data-drawn={chart && drawnOption === option && finished > 0 ? 'true' : undefined}
        h={440}
        w="100%"
      />
      <ChartLegend names={report.series.map(nameOf)} />
      {option.visualMap ? (
        <VisuallyHidden component="ul" data-testid="chart-shading">
          {option.visualMap.pieces.map((piece) => (
            <li key={piece.label}>{piece.label}</li>
          ))}
        </VisuallyHidden>
      ) : null}
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="auto-scale-state">
        {isAutoScale ? t('reports.auto_scale_on') : t('reports.auto_scale_off')}
      </Text>
    </Box>
  )
}

/** The schedule report's chart: stacked On/Off panels with the runs shaded by result, no auto-scale. */
export function ScheduleReportChart({ report }: { report: ScheduleReport }) {
  const { t } = useTranslation()
  const { format } = useReportFormat(report.time_zone)
  const words = useWords()
  const reducedMotion = useReducedMotion()
  const { element, chart, finished } = useEChart()
  const option = useMemo(
    () => scheduleChartOption(report, { format, words, reducedMotion }),
    [report, format, words, reducedMotion],
  )
  useEffect(() => {
    chart?.setOption(option, { notMerge: true, lazyUpdate: true })
  }, [chart, option])
  return (
    <Box>
      <Box
        ref={element}
        role="img"
        aria-label={t('reports.schedule_chart_label', {
          name: report.schedule.name,
          panels: report.panels.length,
          from: format.dateTime(Date.parse(report.start_date)),
          to: format.dateTime(Date.parse(report.end_date)),
        })}
        data-testid="report-chart"
        data-panels={report.panels.length}
        data-drawn={chart && finished > 0 ? 'true' : undefined}
        h={scheduleChartHeight(report.panels.length)}
        w="100%"
      />
      <ChartLegend names={report.panels.map((panel) => panel.name)} />
    </Box>
  )
}

/** The legend's names as text beside the canvas, for screen readers (the drawn legend is pixels). */
function ChartLegend({ names }: { names: readonly string[] }) {
  return (
    <VisuallyHidden component="ul" data-testid="chart-legend">
      {names.map((name, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two series may share a name
        <li key={index}>{name}</li>
      ))}
    </VisuallyHidden>
  )
}
