import type { WidgetOf } from '@kropla/domain'
import { useMediaQuery } from '@mantine/hooks'
import { FarmMap } from '../../map'
import { gridMargin, gridRowHeight } from '../grid-size'

/** Header and padding of a widget card above its content, pixels. */
const chrome = 56

/** Map: the farm map of the map feature, read-only, filling the widget (its own chunk with Leaflet). */
export default function MapWidget({ widget }: { widget: WidgetOf<'map'> }) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false
  const height = isPhone
    ? 280
    : Math.max(160, widget.layout.h * gridRowHeight + (widget.layout.h - 1) * gridMargin - chrome)
  return <FarmMap height={height} readOnly />
}
