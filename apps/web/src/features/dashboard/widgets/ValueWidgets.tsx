import type { WidgetOf } from '@kropla/domain'
import { Alert, Group, Stack, Text } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FullText } from '../../../app/ui/FullText'
import { lastDays, useHistory } from '../../history'
import { ValueAge } from '../../offline/ValueAge'
import { useSession } from '../../session/use-session'
import { useUserFormat } from '../../session/use-user-format'
import { useLivePoints } from '../dashboard-live'
import { Sparkline } from './Sparkline'
import { sourceReading } from './source-reading'

/** 'No device selected' / 'No parameter selected' (spec 01 section 8), where the value would be. */
export function MissingSource({ code }: { code: 'widget_no_device' | 'widget_no_parameter' }) {
  const { t } = useTranslation()
  return (
    <Alert color="yellow" variant="light" data-testid="widget-missing-source">
      {t(`errors.${code}`)}
    </Alert>
  )
}

/** Simple chart: the current value with its unit and how it moved since the dashboard opened. */
export function SimpleChartWidget({ widget }: { widget: WidgetOf<'simple_chart'> }) {
  const { i18n, t } = useTranslation()
  const { objects } = useSession()
  const format = useUserFormat()
  const reading = sourceReading(i18n, objects, widget.source)
  const { id_object: idObject, field } = widget.source
  const range = useMemo(() => lastDays(widget.days_back), [widget.days_back])
  const fields = useMemo(() => (field ? [field] : []), [field])
  // A tile's trend line needs few points: the server answers hourly or daily values for long ranges.
  const history = useHistory(idObject ?? 0, fields, reading.missing ? null : range, { maxPoints: 120 })
  const live = useLivePoints(idObject, field)
  const points = useMemo(() => {
    const past = (history.data?.rows ?? []).flatMap((row) => {
      const value = field ? row[field] : null
      return typeof value === 'number' ? [[row.timestamp_unix * 1000, value] as const] : []
    })
    const last = past.at(-1)?.[0] ?? 0
    return [...past, ...live.filter(([time]) => time > last)]
  }, [history.data, field, live])
  if (reading.missing) return <MissingSource code={reading.missing} />
  return (
    <Stack gap={4}>
      <FullText text={reading.label}>
        <Text size="xs" c="dimmed" truncate>
          {reading.label}
        </Text>
      </FullText>
      <Text size="xl" fw={700} data-testid={`widget-value-${widget.id}`}>
        {format.value(reading.input, reading.value)}
      </Text>
      <Text size="xs" c="dimmed">
        <ValueAge
          at={field ? reading.object?.latest[field]?.dtimestamp : null}
          testId={`widget-age-${widget.id}`}
        />
      </Text>
      <Sparkline points={points} label={t('dashboards.trend_of', { name: reading.label })} />
    </Stack>
  )
}

/** The latest value of a chart's source and, with `extremum`, the lowest and highest points shown. */
export function ChartHeader({
  widget,
  points,
}: {
  widget: WidgetOf<'chart'>
  points: readonly (readonly [number, number])[]
}) {
  const { i18n, t } = useTranslation()
  const { objects } = useSession()
  const format = useUserFormat()
  const reading = sourceReading(i18n, objects, widget.source)
  const values = points.map(([, value]) => value)
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <FullText text={reading.label}>
        <Text size="xs" c="dimmed" truncate>
          {reading.label}
        </Text>
      </FullText>
      <Group gap="md" wrap="wrap">
        {widget.extremum && values.length > 0 && (
          <Text size="xs" data-testid={`widget-extremum-${widget.id}`}>
            {t('dashboards.min_max', {
              min: format.value(reading.input, Math.min(...values)),
              max: format.value(reading.input, Math.max(...values)),
            })}
          </Text>
        )}
        {widget.current_value && (
          <Text fw={700} data-testid={`widget-value-${widget.id}`}>
            {format.value(reading.input, reading.value)}
          </Text>
        )}
      </Group>
    </Group>
  )
}
