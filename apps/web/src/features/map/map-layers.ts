import { type GeoObject, type GeoPoint, type ObjectSummary, polygonAreaM2, type Region } from '@kropla/domain'
import type { Polygon } from 'leaflet'
import { useEffect, useMemo, useRef, useState } from 'react'
import { formatArea } from '../../lib/format-area'
import { dotSize, pinHtml, pinSize } from './map-icons'
import { type ModuleMapState, moduleStateColours, moistureColour, regionSoilMoisture } from './map-state'
import type { LeafletHandle } from './use-leaflet-map'
import { latLng, type OpenPopup } from './use-map-popup'

type SetPopup = (popup: OpenPopup | null) => void

/** The located modules as markers coloured by their state; a click opens the module's popup. */
export function useModuleMarkers(
  handle: LeafletHandle | null,
  located: readonly ObjectSummary[],
  states: ReadonlyMap<number, ModuleMapState>,
  setPopup: SetPopup,
) {
  useEffect(() => {
    if (!handle) return
    const { L, map } = handle
    const layer = L.layerGroup().addTo(map)
    for (const object of located) {
      const state = states.get(object.id) ?? 'offline'
      const isPin = object.marker >= 1 && object.marker <= 4
      const icon = L.divIcon({
        className: 'kropla-marker',
        html: pinHtml(object.marker, moduleStateColours[state], `map-module-${object.serial}`, state),
        iconSize: isPin ? [pinSize.width, pinSize.height] : [dotSize, dotSize],
        iconAnchor: isPin ? [pinSize.width / 2, pinSize.height] : [dotSize / 2, dotSize / 2],
      })
      L.marker(latLng(object.location!), { icon, title: object.name, alt: object.name, keyboard: true })
        .on('click', () => setPopup({ kind: 'module', id: object.id, at: object.location! }))
        .addTo(layer)
    }
    return () => {
      layer.remove()
    }
  }, [handle, located, states, setPopup])
}

/**
 * The regions as labelled polygons: drawn when the list changes; their colour (the latest average
 * soil moisture) is restyled in place as readings arrive, so the labels do not flicker.
 */
export function useRegionLayer(
  handle: LeafletHandle | null,
  regions: readonly Region[] | undefined,
  objects: readonly ObjectSummary[],
  hiddenRegionId: number | null,
  language: string,
  setPopup: SetPopup,
) {
  const regionColours = useMemo(
    () =>
      new Map(
        (regions ?? []).map((region) => [region.id, moistureColour(regionSoilMoisture(region, objects))]),
      ),
    [regions, objects],
  )
  const polygons = useRef(new Map<number, Polygon>())
  const [regionsDrawn, setRegionsDrawn] = useState(0)
  useEffect(() => {
    if (!handle || !regions) return
    const { L, map } = handle
    const layer = L.layerGroup().addTo(map)
    const drawn = polygons.current
    for (const region of regions) {
      if (region.id === hiddenRegionId || region.points.length < 3) continue
      const area = formatArea(polygonAreaM2(region.points), 'ha', language)
      const polygon = L.polygon(region.points.map(latLng), {
        weight: 2,
        fillOpacity: 0.3,
        className: `kropla-region kropla-region-${region.id}`,
      })
        .bindTooltip(`${escapeHtml(region.name)} · ${area}`, {
          permanent: true,
          direction: 'center',
          className: 'kropla-region-label',
        })
        .on('click', (event) =>
          setPopup({ kind: 'region', id: region.id, at: { lat: event.latlng.lat, lng: event.latlng.lng } }),
        )
        .addTo(layer)
      drawn.set(region.id, polygon)
    }
    setRegionsDrawn((count) => count + 1)
    return () => {
      drawn.clear()
      layer.remove()
    }
  }, [handle, regions, hiddenRegionId, language, setPopup])
  useEffect(() => {
    if (!regionsDrawn) return
    for (const [id, polygon] of polygons.current) {
      const colour = regionColours.get(id) ?? moistureColour(null)
      polygon.setStyle({ color: colour, fillColor: colour })
    }
  }, [regionColours, regionsDrawn])
}

/** The geo objects as markers; on an editable map (`onMove`) they can be dragged to a new place. */
export function useGeoObjectMarkers(
  handle: LeafletHandle | null,
  geoObjects: readonly GeoObject[] | undefined,
  onMove: ((geoObject: GeoObject, location: GeoPoint) => void) | undefined,
  setPopup: SetPopup,
) {
  const moved = useRef(onMove)
  moved.current = onMove
  const canMove = onMove !== undefined
  useEffect(() => {
    if (!handle || !geoObjects) return
    const { L, map } = handle
    const layer = L.layerGroup().addTo(map)
    for (const geo of geoObjects) {
      const icon = L.divIcon({
        className: 'kropla-marker',
        html: pinHtml(geo.marker, '#7048e8', `map-geo-${geo.id}`, 'geo'),
        iconSize: [pinSize.width, pinSize.height],
        iconAnchor: [pinSize.width / 2, pinSize.height],
      })
      L.marker(latLng(geo.location), {
        icon,
        title: geo.name,
        alt: geo.name,
        draggable: canMove,
      })
        .on('click', () => setPopup({ kind: 'geo_object', id: geo.id, at: geo.location }))
        .on('dragend', (event) => {
          const at = (event.target as { getLatLng: () => { lat: number; lng: number } }).getLatLng()
          moved.current?.(geo, { lat: Math.round(at.lat * 1e7) / 1e7, lng: Math.round(at.lng * 1e7) / 1e7 })
        })
        .addTo(layer)
    }
    return () => {
      layer.remove()
    }
  }, [handle, geoObjects, canMove, setPopup])
}

/** The zoom the map opens at on the farm's place: the farmyard and the fields around it. */
const farmZoom = 15

export type OpenedOn = 'focus' | 'farm_items' | 'farm_place' | 'default'

/**
 * Once, when the farm is known: show all of it; with nothing located, the farm's place (client
 * account settings), else spec 01's default view stays. No animation: the first view is where the
 * map starts, not a move. Answers where it opened, what tests wait for before clicking.
 */
export function useFirstView(
  handle: LeafletHandle | null,
  located: readonly ObjectSummary[],
  regions: readonly Region[] | undefined,
  geoObjects: readonly GeoObject[] | undefined,
  focus: GeoPoint | null,
  farm: GeoPoint | null,
): OpenedOn | null {
  const hasFitted = useRef(false)
  const [openedOn, setOpenedOn] = useState<OpenedOn | null>(null)
  useEffect(() => {
    if (!handle || hasFitted.current || !regions || !geoObjects) return
    hasFitted.current = true
    const still = { animate: false }
    if (focus) {
      setOpenedOn('focus')
      handle.map.setView(latLng(focus), 16, still)
      return
    }
    const points = [
      ...located.map((object) => object.location!),
      ...regions.flatMap((region) => region.points),
      ...geoObjects.map((geo) => geo.location),
    ]
    if (points.length === 1) handle.map.setView(latLng(points[0]!), 16, still)
    else if (points.length > 1)
      handle.map.fitBounds(handle.L.latLngBounds(points.map(latLng)), {
        padding: [32, 32],
        maxZoom: 17,
        ...still,
      })
    else if (farm) handle.map.setView(latLng(farm), farmZoom, still)
    setOpenedOn(points.length > 0 ? 'farm_items' : farm ? 'farm_place' : 'default')
  }, [handle, located, regions, geoObjects, focus, farm])
  return openedOn
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
