import { type GeoPoint, perimeterM, polygonAreaM2 } from '@kropla/domain'
import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatArea } from '../../lib/format-area'

/**
 * A shape's area in hectares, perimeter in metres and number of points, as it is drawn (`points` may
 * include the pointer as the next corner; `pointCount` counts the corners placed).
 */
export function MeasurePanel({
  points,
  pointCount = points.length,
}: {
  points: readonly GeoPoint[]
  pointCount?: number
}) {
  const { t, i18n } = useTranslation()
  const metres = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(
    perimeterM(points, points.length >= 3),
  )
  return (
    <Text size="sm" fw={500} data-testid="draw-measure">
      {t('map.area')}: {formatArea(polygonAreaM2(points), 'ha', i18n.language)} · {t('map.perimeter')}:{' '}
      {metres} m · {t('map.points')}: {pointCount}
    </Text>
  )
}
