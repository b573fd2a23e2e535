import type { Widget } from '@kropla/domain'
import { lazy, Suspense } from 'react'
import { PendingState } from '../../../app/ui/PendingState'
import { WeatherPanel } from '../../weather/WeatherPanel'
import { ManualControlWidget, SystemStateWidget } from './IrrigationWidgets'
import { NfcScanWidget, ResourcesWidget } from './OtherWidgets'
import { SimpleChartWidget } from './ValueWidgets'

const ChartWidget = lazy(() => import('./ChartWidget'))
const MapWidget = lazy(() => import('./MapWidget'))

/** What a widget shows, by its type. */
export function WidgetView({ widget }: { widget: Widget }) {
  switch (widget.type) {
    case 'resources':
      return <ResourcesWidget widget={widget} />
    case 'simple_chart':
      return <SimpleChartWidget widget={widget} />
    case 'chart':
      return (
        <Suspense fallback={<PendingState />}>
          <ChartWidget widget={widget} />
        </Suspense>
      )
    case 'map':
      return (
        <Suspense fallback={<PendingState />}>
          <MapWidget widget={widget} />
        </Suspense>
      )
    case 'weather':
      return <WeatherPanel title={false} />
    case 'system_state':
      return <SystemStateWidget widget={widget} />
    case 'manual_control':
      return <ManualControlWidget widget={widget} />
    case 'nfc_scan':
      return <NfcScanWidget widget={widget} />
  }
}
