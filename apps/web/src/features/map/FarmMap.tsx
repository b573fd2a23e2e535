import {
  type GeoObject,
  type GeoPoint,
  type ObjectConfig,
  type ObjectSummary,
  perimeterM,
  polygonAreaM2,
  type Region,
} from '@kropla/domain'
import { Anchor, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import type { LatLngExpression, Polygon, Popup } from 'leaflet'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatArea } from '../../lib/format-area'
import { translateKey } from '../../lib/translate-key'
import { isCommunicating, tileReadings } from '../dashboard/tile-readings'
import { communicationCheckMs, useNow } from '../dashboard/use-now'
import { openHistory } from '../history/open-history'
import { modelWording, modulePath } from '../modules/objects-api'
import { useGeoObjects, useObjects, useRegions } from '../resources/resources-api'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import './map.css'
import { FullText } from '../../app/ui/FullText'
import { useMapSettings } from './map-api'
import { dotSize, pinHtml, pinSize } from './map-icons'
import {
  type ModuleMapState,
  moduleMapState,
  moduleStateColours,
  moistureColour,
  regionSoilMoisture,
} from './map-state'
import type { TileStore } from './tile-cache'
import { type LeafletHandle, type TileState, useLeafletMap } from './use-leaflet-map'

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

interface OpenPopup {
  kind: MapItemKind
  id: number
  at: GeoPoint
}

const latLng = (point: GeoPoint): LatLngExpression => [point.lat, point.lng]
/** The zoom the map opens at on the farm's place: the farmyard and the fields around it. */
const farmZoom = 15

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
  const [popup, setShownPopup] = useState<OpenPopup | null>(null)
  // While a tool takes the clicks, markers and shapes open no popup (it would pan the map away).
  const isPassive = useRef(passive)
  isPassive.current = passive
  const setPopup = useCallback((next: OpenPopup | null) => {
    if (next === null || !isPassive.current) setShownPopup(next)
  }, [])
  const popupRef = useRef<{ popup: Popup; element: HTMLDivElement } | null>(null)
  const hasFitted = useRef(false)
  /** The first view is set (the whole farm, or the focus): what tests wait for before clicking. */
  const [openedOn, setOpenedOn] = useState<'focus' | 'farm_items' | 'farm_place' | 'default' | null>(null)

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

  // The popup: one Leaflet popup whose content React renders through a portal.
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

  // Modules.
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

  // Regions: drawn when the list changes; their colour (the latest average soil moisture) is restyled
  // in place as readings arrive, so the labels do not flicker.
  const regionColours = useMemo(
    () =>
      new Map(
        (regions.data ?? []).map((region) => [
          region.id,
          moistureColour(regionSoilMoisture(region, objects)),
        ]),
      ),
    [regions.data, objects],
  )
  const polygons = useRef(new Map<number, Polygon>())
  useEffect(() => {
    if (!handle || !regions.data) return
    const { L, map } = handle
    const layer = L.layerGroup().addTo(map)
    const drawn = polygons.current
    for (const region of regions.data) {
      if (region.id === hiddenRegionId || region.points.length < 3) continue
      const area = formatArea(polygonAreaM2(region.points), 'ha', i18n.language)
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
  }, [handle, regions.data, hiddenRegionId, i18n.language, setPopup])
  const [regionsDrawn, setRegionsDrawn] = useState(0)
  useEffect(() => {
    if (!regionsDrawn) return
    for (const [id, polygon] of polygons.current) {
      const colour = regionColours.get(id) ?? moistureColour(null)
      polygon.setStyle({ color: colour, fillColor: colour })
    }
  }, [regionColours, regionsDrawn])

  // Geo objects; on an editable map their markers can be dragged to a new place.
  const moved = useRef(readOnly ? undefined : actions?.onMoveGeoObject)
  moved.current = readOnly ? undefined : actions?.onMoveGeoObject
  const canMove = !readOnly && actions?.onMoveGeoObject !== undefined
  useEffect(() => {
    if (!handle || !geoObjects.data) return
    const { L, map } = handle
    const layer = L.layerGroup().addTo(map)
    for (const geo of geoObjects.data) {
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
  }, [handle, geoObjects.data, canMove, setPopup])

  // Once, when the farm is known: show all of it; with nothing located, the farm's place (client
  // account settings), else spec 01's default view stays. No animation: the first view is where
  // the map starts, not a move.
  useEffect(() => {
    if (!handle || hasFitted.current || !regions.data || !geoObjects.data) return
    hasFitted.current = true
    const still = { animate: false }
    if (focus) {
      setOpenedOn('focus')
      handle.map.setView(latLng(focus), 16, still)
      return
    }
    const points = [
      ...located.map((object) => object.location!),
      ...regions.data.flatMap((region) => region.points),
      ...geoObjects.data.map((geo) => geo.location),
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
  }, [handle, located, regions.data, geoObjects.data, focus, farm])

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
      {popupRef.current && popupContent && createPortal(popupContent, popupRef.current.element)}
      {context && <FarmMapContext.Provider value={context}>{children}</FarmMapContext.Provider>}
    </div>
  )
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function ModulePopup({
  object,
  config,
  state,
}: {
  object: ObjectSummary
  config: ObjectConfig | undefined
  state: ModuleMapState
}) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const readings = tileReadings(object, config)
  return (
    <Stack gap={6} data-testid={`map-popup-module-${object.serial}`}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <FullText text={object.name}>
            <Text fw={600} truncate>
              {object.name}
            </Text>
          </FullText>
          <Text size="xs" c="dimmed">
            {modelWording(i18n, object.last_device_model, 'short')} · {object.serial}
          </Text>
        </Stack>
        <Badge
          color={state === 'alarm' ? 'red' : state === 'online' ? 'teal' : 'gray'}
          variant="light"
          style={{ flexShrink: 0 }}
          data-testid="map-popup-state"
        >
          {t(`map.state.${state}`)}
        </Badge>
      </Group>
      {readings.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboard.no_data')}
        </Text>
      )}
      {readings.map((reading) => {
        const label = reading.customLabel ?? translateKey(i18n, `fields.${reading.field}`, reading.field)
        // Every value opens its history (spec 01 section 2), as on the start cards.
        return (
          <UnstyledButton
            key={reading.field}
            onClick={() => openHistory({ idObject: object.id, field: reading.field })}
            aria-label={t('history.open', { field: label })}
            data-testid={`map-history-${object.serial}-${reading.field}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <FullText text={label}>
                <Text size="sm" c="dimmed" truncate>
                  {label}
                </Text>
              </FullText>
              <Text size="sm" fw={500} c={reading.isFlagged ? 'red' : 'blue'} td="underline dotted">
                {format.value(reading.input, reading.latest?.value ?? null)}
              </Text>
            </Group>
          </UnstyledButton>
        )
      })}
      <Text size="xs" c="dimmed">
        {t('dashboard.last_data')}:{' '}
        {object.last_data_at ? format.dateTime(object.last_data_at) : t('dashboard.no_data')}
      </Text>
      <Anchor component={Link} to={modulePath(object.id)} size="sm" data-testid="map-popup-module-page">
        {t('map.module_page')}
      </Anchor>
    </Stack>
  )
}

function RegionPopup({
  region,
  objects,
  actions,
  onAction,
}: {
  region: Region
  objects: readonly ObjectSummary[]
  actions: FarmMapActions | undefined
  onAction: () => void
}) {
  const { t, i18n } = useTranslation()
  const moisture = regionSoilMoisture(region, objects)
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(i18n.language, {
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    }).format(value)
  return (
    <Stack gap={6} data-testid={`map-popup-region-${region.id}`}>
      <Text fw={600}>{region.name}</Text>
      {region.description && (
        <Text size="sm" c="dimmed">
          {region.description}
        </Text>
      )}
      <Text size="sm">
        {t('map.area')}: {formatArea(polygonAreaM2(region.points), 'ha', i18n.language)}
      </Text>
      <Text size="sm">
        {t('map.perimeter')}: {number(perimeterM(region.points), 0)} m
      </Text>
      <Text size="sm" data-testid="region-moisture">
        {t('map.soil_moisture')}: {moisture === null ? t('map.no_moisture') : `${number(moisture, 1)} %`}
      </Text>
      {actions && (
        <Group gap="xs" mt={4}>
          {actions.onEditRegionShape && (
            <Button
              size="xs"
              variant="light"
              onClick={() => {
                onAction()
                actions.onEditRegionShape?.(region)
              }}
            >
              {t('map.edit_shape')}
            </Button>
          )}
          {actions.onEditRegion && (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onAction()
                actions.onEditRegion?.(region)
              }}
            >
              {t('map.edit_details')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}

function GeoObjectPopup({
  geoObject,
  actions,
  onAction,
}: {
  geoObject: GeoObject
  actions: FarmMapActions | undefined
  onAction: () => void
}) {
  const { t, i18n } = useTranslation()
  const coordinate = (degrees: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 6, maximumFractionDigits: 6 }).format(
      degrees,
    )
  return (
    <Stack gap={6} data-testid={`map-popup-geo-${geoObject.id}`}>
      <Text fw={600}>{geoObject.name}</Text>
      {geoObject.description && (
        <Text size="sm" c="dimmed">
          {geoObject.description}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {coordinate(geoObject.location.lat)}°, {coordinate(geoObject.location.lng)}°
      </Text>
      {actions?.onEditGeoObject && (
        <Button
          size="xs"
          variant="default"
          w="fit-content"
          onClick={() => {
            onAction()
            actions.onEditGeoObject?.(geoObject)
          }}
        >
          {t('map.edit_details')}
        </Button>
      )}
    </Stack>
  )
}
