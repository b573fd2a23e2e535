import { useEffect, useRef } from 'react'
import { useFarmMap } from '../map/FarmMap'
import type { GpsFix } from '../map/gps'

/**
 * Where the phone is, on the farm map: a blue dot in its accuracy circle. The map goes there on the
 * first fix (`centreOnFirst`), or on every fix while `follow` is on; the user dragging the map
 * stops following (`onFollowEnd`), as in every map app.
 */
export function MyPosition({
  fix,
  centreOnFirst = false,
  follow = false,
  onFollowEnd,
}: {
  fix: GpsFix | null
  centreOnFirst?: boolean
  follow?: boolean
  onFollowEnd?: () => void
}) {
  const { L, map } = useFarmMap()
  const hasCentred = useRef(false)
  const followEnded = useRef(onFollowEnd)
  followEnded.current = onFollowEnd

  useEffect(() => {
    if (!follow) return
    const stop = () => followEnded.current?.()
    map.on('dragstart', stop)
    return () => {
      map.off('dragstart', stop)
    }
  }, [map, follow])

  useEffect(() => {
    if (!fix) return
    const layer = L.layerGroup().addTo(map)
    L.circle([fix.lat, fix.lng], {
      radius: fix.accuracyM,
      color: '#1971c2',
      weight: 1,
      fillOpacity: 0.1,
      interactive: false,
    }).addTo(layer)
    // A marker, not a vector: drawn above the modules' markers (one may stand where you stand).
    L.marker([fix.lat, fix.lng], {
      icon: L.divIcon({
        className: 'kropla-marker',
        html: '<span class="kropla-my-position" data-testid="my-position"></span>',
        iconSize: [22, 22],
        iconAnchor: [11, 11],
      }),
      interactive: false,
      keyboard: false,
      zIndexOffset: 2000,
    }).addTo(layer)
    if (follow) map.setView([fix.lat, fix.lng], Math.max(map.getZoom(), 17))
    else if (centreOnFirst && !hasCentred.current)
      map.setView([fix.lat, fix.lng], Math.max(map.getZoom(), 16))
    hasCentred.current = true
    return () => {
      layer.remove()
    }
  }, [L, map, fix, follow, centreOnFirst])
  return null
}
