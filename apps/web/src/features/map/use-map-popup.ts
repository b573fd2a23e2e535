import type { GeoPoint } from '@kropla/domain'
import type { LatLngExpression, Popup } from 'leaflet'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { MapItemKind } from './FarmMap'
import type { LeafletHandle } from './use-leaflet-map'

export interface OpenPopup {
  kind: MapItemKind
  id: number
  at: GeoPoint
}

export const latLng = (point: GeoPoint): LatLngExpression => [point.lat, point.lng]

/**
 * The farm map's one popup: a Leaflet popup whose content React renders through a portal into
 * `element`. While a tool takes the clicks (`passive`), markers and shapes open none (it would pan
 * the map away).
 */
export function useMapPopup(handle: LeafletHandle | null, passive: boolean) {
  const [popup, setShownPopup] = useState<OpenPopup | null>(null)
  const isPassive = useRef(passive)
  isPassive.current = passive
  const setPopup = useCallback((next: OpenPopup | null) => {
    if (next === null || !isPassive.current) setShownPopup(next)
  }, [])
  const popupRef = useRef<{ popup: Popup; element: HTMLDivElement } | null>(null)

  useEffect(() => {
    if (!handle) return
    const element = document.createElement('div')
    const leafletPopup = handle.L.popup({
      className: 'kropla-map-popup',
      maxWidth: 320,
      autoPanPadding: [16, 16],
    })
    leafletPopup.setContent(element)
    leafletPopup.on('remove', () => setPopup(null))
    popupRef.current = { popup: leafletPopup, element }
    return () => {
      leafletPopup.remove()
      popupRef.current = null
    }
  }, [handle, setPopup])

  useEffect(() => {
    const current = popupRef.current
    if (!handle || !current) return
    if (popup) current.popup.setLatLng(latLng(popup.at)).openOn(handle.map)
    else if (handle.map.hasLayer(current.popup)) handle.map.closePopup(current.popup)
  }, [handle, popup])

  return { popup, setPopup, element: popupRef.current?.element ?? null }
}
