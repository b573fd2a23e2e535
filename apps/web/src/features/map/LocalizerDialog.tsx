import type { GeoPoint } from '@kropla/domain'
import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { Marker } from 'leaflet'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './map.css'
import { startGpsCapture } from './gps'
import { useMapSettings } from './map-api'
import { pinHtml, pinSize } from './map-icons'
import { useLeafletMap } from './use-leaflet-map'

const rounded = (value: number) => Math.round(value * 1e7) / 1e7

/**
 * The localizer (spec 01 section 3): a map to pick one point, by a click, by dragging the marker or
 * from the device's position. Used by a module's location and by geo objects.
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
  const { t } = useTranslation()
  const settings = useMapSettings()
  return (
    <Modal opened onClose={onClose} title={t('map.localizer_title')} size="lg" centered>
      {settings.data ? (
        <LocalizerBody
          value={value}
          onPick={onPick}
          onClose={onClose}
          tileUrl={settings.data.tileUrl}
          attribution={settings.data.attribution}
        />
      ) : (
        <div style={{ height: 360 }} aria-busy="true" />
      )}
    </Modal>
  )
}

function LocalizerBody({
  value,
  onPick,
  onClose,
  tileUrl,
  attribution,
}: {
  value: GeoPoint | null
  onPick: (point: GeoPoint) => void
  onClose: () => void
  tileUrl: string | null
  attribution: string
}) {
  const { t, i18n } = useTranslation()
  const { ref, handle, tiles } = useLeafletMap({ tileUrl, attribution })
  const [point, setPoint] = useState<GeoPoint | null>(value)
  const [gps, setGps] = useState<'off' | 'waiting' | 'denied' | 'unavailable'>('off')
  const marker = useRef<Marker | null>(null)

  useEffect(() => {
    if (!handle) return
    const { L, map } = handle
    if (value) map.setView([value.lat, value.lng], 16)
    const pick = (lat: number, lng: number) => setPoint({ lat: rounded(lat), lng: rounded(lng) })
    map.on('click', (event) => pick(event.latlng.lat, event.latlng.lng))
    const icon = L.divIcon({
      className: 'kropla-marker',
      html: pinHtml(1, '#1971c2', 'localizer-marker', 'picked'),
      iconSize: [pinSize.width, pinSize.height],
      iconAnchor: [pinSize.width / 2, pinSize.height],
    })
    marker.current = L.marker([0, 0], { icon, draggable: true }).on('dragend', (event) => {
      const at = (event.target as Marker).getLatLng()
      pick(at.lat, at.lng)
    })
    return () => {
      map.off('click')
      marker.current?.remove()
      marker.current = null
    }
  }, [handle, value])

  useEffect(() => {
    if (!handle || !marker.current) return
    if (point) marker.current.setLatLng([point.lat, point.lng]).addTo(handle.map)
    else marker.current.remove()
  }, [handle, point])

  // One fix from the device (the first comes after 1 s), then the map follows it.
  useEffect(() => {
    if (gps !== 'waiting') return
    const stop = startGpsCapture(
      (fix) => {
        stop()
        setGps('off')
        setPoint({ lat: rounded(fix.lat), lng: rounded(fix.lng) })
        handle?.map.setView([fix.lat, fix.lng], 17)
      },
      (reason) => {
        stop()
        setGps(reason)
      },
    )
    return stop
  }, [gps, handle])

  const coordinate = (n: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 6, maximumFractionDigits: 7 }).format(n)
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('map.localizer_hint')}
      </Text>
      <div className="kropla-map" style={{ position: 'relative', height: 'min(50dvh, 380px)' }}>
        <div ref={ref} style={{ position: 'absolute', inset: 0 }} data-testid="localizer-map" />
        {tiles === 'failed' && (
          <Text
            size="xs"
            c="dimmed"
            bg="rgba(255,255,255,0.85)"
            px={6}
            style={{ position: 'absolute', left: 8, bottom: 22, zIndex: 500 }}
          >
            {t('map.tiles_failed')}
          </Text>
        )}
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
  )
}
