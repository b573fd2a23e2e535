import type { GeoObject, GeoPoint, Region } from '@kropla/domain'
import { Stack, Text } from '@mantine/core'
import { createContext, type ReactNode, useCallback, useContext, useMemo } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { isCommunicating, tileReadings } from '../dashboard/tile-readings'
import { communicationCheckMs, useNow } from '../dashboard/use-now'
import { useGeoObjects, useObjects, useRegions } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import './map.css'
import { GeoObjectPopup, ModulePopup, RegionPopup } from './MapPopups'
import { useMapSettings } from './map-api'
import { useFirstView, useGeoObjectMarkers, useModuleMarkers, useRegionLayer } from './map-layers'
import { type ModuleMapState, moduleMapState } from './map-state'
import type { TileStore } from './tile-cache'
import { type LeafletHandle, type TileState, useLeafletMap } from './use-leaflet-map'
import { latLng, useMapPopup } from './use-map-popup'

export type MapItemKind = 'module' | 'region' | 'geo_object'

interface FarmMapContextValue extends LeafletHandle {
  /** Moves the map to an item and opens its popup. */
  show: (kind: MapItemKind, id: number) => void
  tiles: TileState
}
const FarmMapContext = createContext<FarmMapContextValue | null>(null)

/** The map and its helpers, for tools drawn inside a FarmMap. */
export function useFarmMap(): FarmMapContextValue {
  const value = useContext(FarmMapContext)
  if (!value) throw new Error('useFarmMap is only for children of FarmMap')
  return value
}

/** What the /map screen does from a popup; a read-only map (a dashboard widget) offers none. */
export interface FarmMapActions {
  onEditRegion?: (region: Region) => void
  onEditRegionShape?: (region: Region) => void
  onEditGeoObject?: (geoObject: GeoObject) => void
  /** A geo object's marker was dragged to a new place (an editable map's markers can be). */
  onMoveGeoObject?: (geoObject: GeoObject, location: GeoPoint) => void
}

export interface FarmMapProps {
  /** CSS height of the map: pixels or any length ('60vh', '100%'). */
  height: number | string
  /** No editing from popups, no tools (a dashboard widget). */
  readOnly?: boolean
  actions?: FarmMapActions
  /** Load leaflet-geoman's drawing tools with the map. */
  withTools?: boolean
  /** A region being reshaped: drawn by the editing tool instead. */
  hiddenRegionId?: number | null
  /** Open on this point (zoom 16) instead of showing the whole farm. */
  focus?: GeoPoint | null
  /** Markers and shapes open no popup (a drawing tool takes the clicks). */
  passive?: boolean
  /** Tools and overlays, given the map through useFarmMap once it is ready. */
  children?: ReactNode
  /** Keep viewed tiles for offline use and draw them where the network fails (the field map). */
  tileStore?: TileStore | null
  /** Extra class on the map's box (`kropla-map-large`: large markers for a phone in the field). */
  className?: string
}

/**
 * The account's farm on a map (spec 01 section 3): modules as markers coloured by state, regions
 * as polygons coloured by their latest average soil moisture, geo objects; a popup per item with
 * its latest values (with units) and links. Works without background tiles: a quiet notice says so.
 */
export function FarmMap({
  height,
  readOnly = false,
  actions,
  withTools = false,
  hiddenRegionId = null,
  focus = null,
  passive = false,
  children,
  tileStore = null,
  className,
}: FarmMapProps) {
  const { t } = useTranslation()
  const settings = useMapSettings()
  if (!settings.data)
    return (
      <div
        className={className ? `kropla-map ${className}` : 'kropla-map'}
        style={{ height, background: 'var(--mantine-color-gray-1)' }}
        data-testid="farm-map"
        aria-busy="true"
      >
        {settings.isError && (
          <Text size="sm" c="dimmed" p="md">
            {t('map.no_settings')}
          </Text>
        )}
      </div>
    )
  return (
    <FarmMapView
      height={height}
      readOnly={readOnly}
      actions={actions}
      withTools={withTools}
      hiddenRegionId={hiddenRegionId}
      focus={focus}
      passive={passive}
      tileUrl={settings.data.tileUrl}
      attribution={settings.data.attribution}
      maxZoom={settings.data.maxZoom}
      farm={settings.data.farm}
      tileStore={tileStore}
      className={className}
    >
      {children}
    </FarmMapView>
  )
}

function FarmMapView({
  height,
  readOnly,
  actions,
  withTools,
  hiddenRegionId,
  focus,
  passive,
  tileUrl,
  attribution,
  maxZoom,
  farm,
  children,
  tileStore,
  className,
}: Required<Omit<FarmMapProps, 'actions' | 'children' | 'className'>> &
  Pick<FarmMapProps, 'actions' | 'children' | 'className'> & {
    tileUrl: string | null
    attribution: string
    maxZoom: number
    /** The account's farm place: where the map opens while nothing on it has a location. */
    farm: GeoPoint | null
  }) {
  const { t, i18n } = useTranslation()
  const { ref, handle, tiles } = useLeafletMap({ tileUrl, attribution, maxZoom, withTools, tileStore })
  const { objects } = useSession()
  const details = useObjects()
  const regions = useRegions()
  const geoObjects = useGeoObjects()
  const now = useNow(communicationCheckMs)
  const { popup, setPopup, element: popupElement } = useMapPopup(handle, passive)

  const configs = useMemo(
    () => new Map(details.data?.map((object) => [object.id, object.config])),
    [details.data],
  )
  const located = useMemo(() => objects.filter((object) => object.location !== null), [objects])
  const states = useMemo(() => {
    const byId = new Map<number, ModuleMapState>()
    for (const object of objects) {
      const flagged = tileReadings(object, configs.get(object.id)).some((reading) => reading.isFlagged)
      byId.set(object.id, moduleMapState(object, flagged, isCommunicating(object, now)))
    }
    return byId
  }, [objects, configs, now])

  useModuleMarkers(handle, located, states, setPopup)
  useRegionLayer(handle, regions.data, objects, hiddenRegionId, i18n.language, setPopup)
  useGeoObjectMarkers(handle, geoObjects.data, readOnly ? undefined : actions?.onMoveGeoObject, setPopup)
  const openedOn = useFirstView(handle, located, regions.data, geoObjects.data, focus, farm)

  const show = useCallback(
    (kind: MapItemKind, id: number) => {
      if (!handle) return
      const at =
        kind === 'module'
          ? objects.find((object) => object.id === id)?.location
          : kind === 'geo_object'
            ? geoObjects.data?.find((geo) => geo.id === id)?.location
            : undefined
      const region = kind === 'region' ? regions.data?.find((r) => r.id === id) : undefined
      if (region?.points.length) {
        const bounds = handle.L.latLngBounds(region.points.map(latLng))
        handle.map.fitBounds(bounds, { padding: [32, 32], maxZoom: 17 })
        const centre = bounds.getCenter()
        setPopup({ kind, id, at: { lat: centre.lat, lng: centre.lng } })
      } else if (at) {
        handle.map.setView(latLng(at), Math.max(handle.map.getZoom(), 16))
        setPopup({ kind, id, at })
      }
    },
    [handle, objects, geoObjects.data, regions.data, setPopup],
  )

  const context = useMemo(() => (handle ? { ...handle, show, tiles } : null), [handle, show, tiles])
  const close = () => setPopup(null)
  const popupContent = (() => {
    if (!popup) return null
    if (popup.kind === 'module') {
      const object = objects.find((o) => o.id === popup.id)
      return object ? (
        <ModulePopup
          object={object}
          config={configs.get(object.id)}
          state={states.get(object.id) ?? 'offline'}
        />
      ) : null
    }
    if (popup.kind === 'region') {
      const region = regions.data?.find((r) => r.id === popup.id)
      return region ? (
        <RegionPopup
          region={region}
          objects={objects}
          actions={readOnly ? undefined : actions}
          onAction={close}
        />
      ) : null
    }
    const geo = geoObjects.data?.find((g) => g.id === popup.id)
    return geo ? (
      <GeoObjectPopup geoObject={geo} actions={readOnly ? undefined : actions} onAction={close} />
    ) : null
  })()

  const unplaced = objects.length - located.length
  return (
    <div
      className={className ? `kropla-map ${className}` : 'kropla-map'}
      style={{ position: 'relative', height }}
      data-testid="farm-map"
      data-ready={handle && openedOn ? 'true' : undefined}
      data-opened-on={openedOn ?? undefined}
      data-tiles={tiles}
    >
      <div ref={ref} style={{ position: 'absolute', inset: 0 }} data-testid="farm-map-canvas" />
      {(tiles === 'failed' || tiles === 'none' || unplaced > 0) && (
        <Stack
          gap={2}
          style={{
            position: 'absolute',
            left: 8,
            bottom: 22,
            zIndex: 500,
            pointerEvents: 'none',
            maxWidth: '70%',
          }}
        >
          {tiles === 'failed' && (
            <Text size="xs" c="dimmed" bg="rgba(255,255,255,0.85)" px={6} data-testid="map-tiles-failed">
              {t('map.tiles_failed')}
            </Text>
          )}
          {unplaced > 0 && (
            <Text size="xs" c="dimmed" bg="rgba(255,255,255,0.85)" px={6} data-testid="map-unplaced">
              {t('map.unplaced', { count: unplaced })}
            </Text>
          )}
        </Stack>
      )}
      {popupElement && popupContent && createPortal(popupContent, popupElement)}
      {context && <FarmMapContext.Provider value={context}>{children}</FarmMapContext.Provider>}
    </div>
  )
}
