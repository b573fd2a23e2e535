import type { HistoryAnswer, WidgetOf } from '@kropla/domain'
import { Alert, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { HistoryChart, historySeries, lastDays, useHistory } from '../../history'
import { useSession } from '../../session/use-session'
import { type LivePoint, useLivePoints } from '../dashboard-live'
import { gridMargin, gridRowHeight } from '../grid-size'
import { sourceReading } from './source-reading'
import { ChartHeader, MissingSource } from './ValueWidgets'

/** Header and padding of a widget card above its chart, pixels. */
const chrome = 84

/** The history answer with the points that arrived since, appended in time order. */
export function withLivePoints(
  answer: HistoryAnswer,
  field: string,
  live: readonly LivePoint[],
): HistoryAnswer {
  const last = answer.rows.at(-1)?.timestamp_unix ?? 0
  const fresh = live
    .filter(([time]) => time / 1000 > last)
    .map(([time, value]) => {
      const iso = new Date(time).toISOString()
      return { timestamp: iso, dtimestamp: iso, timestamp_unix: Math.floor(time / 1000), [field]: value }
    })
  if (!fresh.length) return answer
  const end = Math.max(Date.parse(answer.end_date), Date.parse(fresh.at(-1)!.timestamp) + 1000)
  return { ...answer, end_date: new Date(end).toISOString(), rows: [...answer.rows, ...fresh] }
}

/**
 * Chart: the source's readings over `days_back` days (history_request: raw or rollups as the range
 * and the point limit ask), with the options of spec 01 section 3, following live readings at
 * most once a second.
 */
export default function ChartWidget({ widget }: { widget: WidgetOf<'chart'> }) {
  const { i18n, t } = useTranslation()
  const { objects } = useSession()
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false
  const reading = sourceReading(i18n, objects, widget.source)
  const { id_object: idObject, field } = widget.source
  // The range is fixed when the widget is shown; live points extend it.
  const range = useMemo(() => lastDays(widget.days_back), [widget.days_back])
  const fields = useMemo(() => (field ? [field] : []), [field])
  const history = useHistory(idObject ?? 0, fields, reading.missing ? null : range, {
    maxPoints: widget.point_limit ? widget.max_points : undefined,
  })
  const live = useLivePoints(idObject, field, widget.point_limit ? widget.max_points : 5000)
  const answer = useMemo(
    () => (history.data && field ? withLivePoints(history.data, field, live) : null),
    [history.data, field, live],
  )
  const series = useMemo(
    () =>
      reading.object && field ? [historySeries(i18n, reading.object.last_device_model ?? '', field)] : [],
    [i18n, reading.object, field],
  )
  if (reading.missing) return <MissingSource code={reading.missing} />
  const points = (answer?.rows ?? []).flatMap((row) => {
    const value = field ? row[field] : null
    return typeof value === 'number' ? [[row.timestamp_unix * 1000, value] as const] : []
  })
  const height = isPhone
    ? 240
    : Math.max(120, widget.layout.h * gridRowHeight + (widget.layout.h - 1) * gridMargin - chrome)
  return (
    <Stack gap={4}>
      <ChartHeader widget={widget} points={points} />
      {history.isError ? (
        <Alert color="red" variant="light">
          {history.error.message}
        </Alert>
      ) : answer ? (
        <HistoryChart
          answer={answer}
          series={series}
          type={widget.chart_type === 'bar' ? 'bar' : 'line'}
          look={widget.chart_type === 'area' ? 'area' : widget.chart_type === 'step' ? 'step' : undefined}
          grid={widget.grid}
          height={height}
          testId={`widget-chart-${widget.id}`}
        />
      ) : (
        <Text size="sm" c="dimmed" h={height}>
          {t('dashboards.loading')}
        </Text>
      )}
    </Stack>
  )
}
