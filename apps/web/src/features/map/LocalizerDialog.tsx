import type { GeoPoint } from '@kropla/domain'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { Marker } from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FarmMap, useFarmMap } from './FarmMap'
import { startGpsCapture } from './gps'
import { pinHtml, pinSize } from './map-icons'

const rounded = (value: number) => Math.round(value * 1e7) / 1e7

/**
 * The localizer (spec 01 section 3): the farm's map (modules, regions and objects to go by, even
 * without background tiles) to pick one point, by a click, by dragging the marker or from the
 * device's position. Used by a module's location and by geo objects.
 */
export function LocalizerDialog({
  value,
  onPick,
  onClose,
}: {
  value: GeoPoint | null
  onPick: (point: GeoPoint) => void
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const [point, setPoint] = useState<GeoPoint | null>(value)
  const [gps, setGps] = useState<'off' | 'waiting' | 'denied' | 'unavailable'>('off')
  const coordinate = (n: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 6, maximumFractionDigits: 7 }).format(n)
  return (
    <Modal opened onClose={onClose} title={t('map.localizer_title')} size="lg" centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('map.localizer_hint')}
        </Text>
        <div data-testid="localizer-map">
          <FarmMap height="min(50dvh, 380px)" readOnly passive focus={value}>
            <PickPoint point={point} onPoint={setPoint} gps={gps} onGps={setGps} />
          </FarmMap>
        </div>
        <Text size="sm" data-testid="localizer-point">
          {point
            ? `${t('modules.latitude')}: ${coordinate(point.lat)}° · ${t('modules.longitude')}: ${coordinate(point.lng)}°`
            : t('map.no_point')}
        </Text>
        {gps === 'denied' && (
          <Text size="sm" c="red">
            {t('map.gps_denied')}
          </Text>
        )}
        {gps === 'unavailable' && (
          <Text size="sm" c="red">
            {t('map.gps_unavailable')}
          </Text>
        )}
        <Group justify="space-between">
          <Button variant="light" loading={gps === 'waiting'} onClick={() => setGps('waiting')}>
            {t('map.use_my_position')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('map.cancel')}
            </Button>
            <Button disabled={!point} onClick={() => point && onPick(point)}>
              {t('map.use_point')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  )
}

type GpsState = 'off' | 'waiting' | 'denied' | 'unavailable'

/** The picked point's marker on the farm map: set by a click or a drag, or from one GPS fix. */
function PickPoint({
  point,
  onPoint,
  gps,
  onGps,
}: {
  point: GeoPoint | null
  onPoint: (point: GeoPoint) => void
  gps: GpsState
  onGps: (state: GpsState) => void
}) {
  const { L, map } = useFarmMap()
  const marker = useRef<Marker | null>(null)
  const picked = useRef(onPoint)
  picked.current = onPoint

  useEffect(() => {
    const pick = (lat: number, lng: number) => picked.current({ lat: rounded(lat), lng: rounded(lng) })
    const onClick = (event: { latlng: { lat: number; lng: number } }) =>
      pick(event.latlng.lat, event.latlng.lng)
    map.on('click', onClick)
    const icon = L.divIcon({
      className: 'kropla-marker',
      html: pinHtml(1, '#1971c2', 'localizer-marker', 'picked'),
      iconSize: [pinSize.width, pinSize.height],
      iconAnchor: [pinSize.width / 2, pinSize.height],
    })
    marker.current = L.marker([0, 0], { icon, draggable: true, zIndexOffset: 1000 }).on(
      'dragend',
      (event) => {
        const at = (event.target as Marker).getLatLng()
        pick(at.lat, at.lng)
      },
    )
    return () => {
      map.off('click', onClick)
      marker.current?.remove()
      marker.current = null
    }
  }, [L, map])

  useEffect(() => {
    if (!marker.current) return
    if (point) marker.current.setLatLng([point.lat, point.lng]).addTo(map)
    else marker.current.remove()
  }, [map, point])

  // One fix from the device (the first comes after 1 s), then the map goes there.
  useEffect(() => {
    if (gps !== 'waiting') return
    const stop = startGpsCapture(
      (fix) => {
        stop()
        onGps('off')
        picked.current({ lat: rounded(fix.lat), lng: rounded(fix.lng) })
        map.setView([fix.lat, fix.lng], 17)
      },
      (reason) => {
        stop()
        onGps(reason)
      },
    )
    return stop
  }, [gps, map, onGps])
  return null
}
