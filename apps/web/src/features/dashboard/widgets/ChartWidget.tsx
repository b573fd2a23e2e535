import type { WidgetOf } from '@kropla/domain'
import { Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../session/useSession'
import { useLivePoints } from '../dashboard-live'
import { NotYetWidget } from './OtherWidgets'
import { Sparkline } from './Sparkline'
import { sourceReading } from './source-reading'
import { ChartHeader, MissingSource } from './ValueWidgets'

/** Chart: the source's readings over `days_back` days with the spec's options, following live data. */
export default function ChartWidget({ widget }: { widget: WidgetOf<'chart'> }) {
  const { i18n } = useTranslation()
  const { objects } = useSession()
  const reading = sourceReading(i18n, objects, widget.source)
  const live = useLivePoints(
    widget.source.id_object,
    widget.source.field,
    widget.point_limit ? widget.max_points : 5000,
  )
  if (reading.missing) return <MissingSource code={reading.missing} />
  return (
    <Stack gap={4} h="100%">
      <ChartHeader widget={widget} points={live} />
      <Sparkline points={live} label={reading.label} />
      <NotYetWidget what="chart" />
    </Stack>
  )
}
