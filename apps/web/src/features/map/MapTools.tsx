import type {} from '@geoman-io/leaflet-geoman-free'
import { type GeoPoint, polygonProblem, type Region } from '@kropla/domain'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { LatLng, Layer, Polygon, Polyline } from 'leaflet'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { useFarmMap } from './FarmMap'
import { type GpsFix, startGpsCapture } from './gps'
import { MeasurePanel } from './MeasurePanel'
import { useReshapeRegion } from './map-api'

export type MapTool =
  | { kind: 'idle' }
  | { kind: 'draw' }
  | { kind: 'walk' }
  | { kind: 'place_object' }
  | { kind: 'locate' }
  | { kind: 'reshape'; region: Region }

interface MapToolsProps {
  tool: MapTool
  onDone: () => void
  /** A region's outline is complete (drawn or walked): name it and save it. */
  onRegionShape: (points: GeoPoint[]) => void
  onObjectPlace: (location: GeoPoint) => void
}

const toPoint = (latLng: LatLng): GeoPoint => ({ lat: latLng.lat, lng: latLng.lng })
const shapeStyle = { color: '#1971c2', weight: 3, fillOpacity: 0.15 }

/** The /map screen's tools, each with its panel over the bottom of the map. */
export function MapTools(props: MapToolsProps) {
  switch (props.tool.kind) {
    case 'draw':
      return <DrawTool {...props} />
    case 'walk':
      return <WalkTool {...props} />
    case 'place_object':
      return <PlaceObjectTool {...props} />
    case 'locate':
      return <LocateTool {...props} />
    case 'reshape':
      return <ReshapeTool region={props.tool.region} onDone={props.onDone} />
    default:
      return null
  }
}

function ToolPanel({ children }: { children: ReactNode }) {
  return (
    <Paper
      shadow="md"
      p="sm"
      radius="md"
      data-testid="map-tool"
      style={{
        position: 'absolute',
        left: 8,
        right: 8,
        bottom: 24,
        zIndex: 1000,
        maxWidth: 560,
        marginInline: 'auto',
      }}
    >
      <Stack gap={6}>{children}</Stack>
    </Paper>
  )
}

function ShapeProblem({ points }: { points: readonly GeoPoint[] }) {
  const { t } = useTranslation()
  const problem = points.length >= 3 ? polygonProblem(points) : null
  if (problem !== 'self_intersecting') return null
  return (
    <Text size="sm" c="red">
      {t('errors.region_self_intersecting')}
    </Text>
  )
}

/** Click the corners; the area and perimeter follow the pointer. */
function DrawTool({ onDone, onRegionShape }: MapToolsProps) {
  const { t } = useTranslation()
  const { map } = useFarmMap()
  const [vertices, setVertices] = useState<GeoPoint[]>([])
  const [cursor, setCursor] = useState<GeoPoint | null>(null)
  // The screen's callback changes on every render; drawing must not restart for it.
  const finished = useRef(onRegionShape)
  finished.current = onRegionShape

  useEffect(() => {
    let working: Polyline | null = null
    const readVertices = () => setVertices(working ? (working.getLatLngs() as LatLng[]).map(toPoint) : [])
    map.on('pm:drawstart', (event) => {
      working = event.workingLayer as Polyline
      working.on('pm:vertexadded', readVertices)
    })
    map.on('pm:create', (event) => {
      const points = ((event.layer as Polygon).getLatLngs()[0] as LatLng[]).map(toPoint)
      event.layer.remove()
      finished.current(points)
    })
    const follow = (event: { latlng: LatLng }) => setCursor(toPoint(event.latlng))
    map.on('mousemove', follow)
    map.pm.enableDraw('Polygon', {
      allowSelfIntersection: false,
      snappable: false,
      tooltips: false,
      templineStyle: shapeStyle,
      hintlineStyle: { ...shapeStyle, dashArray: '5,5' },
      pathOptions: shapeStyle,
    })
    return () => {
      map.off('pm:drawstart')
      map.off('pm:create')
      map.off('mousemove', follow)
      working?.off('pm:vertexadded', readVertices)
      map.pm.disableDraw()
    }
  }, [map])

  const shown = cursor && vertices.length >= 2 ? [...vertices, cursor] : vertices
  return (
    <ToolPanel>
      <Text size="sm">{t('map.drawing_hint')}</Text>
      <MeasurePanel points={shown} pointCount={vertices.length} />
      <ShapeProblem points={shown} />
      <FinishShape corners={vertices} onFinish={onRegionShape} onCancel={onDone} />
    </ToolPanel>
  )
}

/** Save the corners as a region's shape once they make a valid polygon, or leave the tool. */
function FinishShape(props: {
  corners: GeoPoint[]
  onFinish: (corners: GeoPoint[]) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const { corners } = props
  return (
    <Group gap="xs">
      <Button
        size="xs"
        disabled={corners.length < 3 || polygonProblem(corners) !== null}
        onClick={() => props.onFinish(corners)}
      >
        {t('map.finish')}
      </Button>
      <Button size="xs" variant="default" onClick={props.onCancel}>
        {t('map.cancel')}
      </Button>
    </Group>
  )
}

function useGps(onFix: (fix: GpsFix) => void) {
  const [status, setStatus] = useState<'waiting' | 'ok' | 'denied' | 'unavailable'>('waiting')
  const [accuracy, setAccuracy] = useState<number | null>(null)
  useEffect(
    () =>
      startGpsCapture(
        (fix) => {
          setStatus('ok')
          setAccuracy(fix.accuracyM)
          onFix(fix)
        },
        (reason) => setStatus(reason),
      ),
    [onFix],
  )
  return { status, accuracy }
}

function GpsStatus({ status, accuracy }: ReturnType<typeof useGps>) {
  const { t } = useTranslation()
  if (status === 'denied' || status === 'unavailable')
    return (
      <Text size="sm" c="red">
        {t(status === 'denied' ? 'map.gps_denied' : 'map.gps_unavailable')}
      </Text>
    )
  return (
    <Text size="sm" c="dimmed" data-testid="gps-status">
      {status === 'waiting' || accuracy === null
        ? t('map.gps_waiting')
        : t('map.gps_accuracy', { metres: Math.round(accuracy) })}
    </Text>
  )
}

/** Walk the field's edge with the phone: a corner from every GPS fix (after 1 s, then every 5 s). */
function WalkTool({ onDone, onRegionShape }: MapToolsProps) {
  const { t } = useTranslation()
  const { L, map } = useFarmMap()
  const [points, setPoints] = useState<GeoPoint[]>([])
  const [onFix] = useState(() => (fix: GpsFix) => {
    setPoints((previous) => [...previous, { lat: fix.lat, lng: fix.lng }])
  })
  const gps = useGps(onFix)

  useEffect(() => {
    if (!points.length) return
    const layer = L.layerGroup().addTo(map)
    L.polygon(
      points.map((p): [number, number] => [p.lat, p.lng]),
      shapeStyle,
    ).addTo(layer)
    for (const p of points) L.circleMarker([p.lat, p.lng], { radius: 4, color: '#1971c2' }).addTo(layer)
    const last = points[points.length - 1]!
    if (points.length === 1) map.setView([last.lat, last.lng], 18)
    else if (!map.getBounds().contains([last.lat, last.lng])) map.panTo([last.lat, last.lng])
    return () => {
      layer.remove()
    }
  }, [L, map, points])

  return (
    <ToolPanel>
      <Text size="sm">{t('map.walk_hint')}</Text>
      <GpsStatus {...gps} />
      <MeasurePanel points={points} />
      <ShapeProblem points={points} />
      <FinishShape corners={points} onFinish={onRegionShape} onCancel={onDone} />
    </ToolPanel>
  )
}

/** Where the device is, followed every 5 s, with its accuracy. */
function LocateTool({ onDone }: MapToolsProps) {
  const { t } = useTranslation()
  const { L, map } = useFarmMap()
  const [fix, setFix] = useState<GpsFix | null>(null)
  const [onFix] = useState(() => (next: GpsFix) => setFix(next))
  const gps = useGps(onFix)
  const [hasCentred, setCentred] = useState(false)

  useEffect(() => {
    if (!fix) return
    const layer = L.layerGroup().addTo(map)
    L.circle([fix.lat, fix.lng], {
      radius: fix.accuracyM,
      color: '#1971c2',
      weight: 1,
      fillOpacity: 0.1,
    }).addTo(layer)
    L.circleMarker([fix.lat, fix.lng], {
      radius: 7,
      color: '#fff',
      weight: 2,
      fillColor: '#1971c2',
      fillOpacity: 1,
    }).addTo(layer)
    if (!hasCentred) {
      map.setView([fix.lat, fix.lng], 17)
      setCentred(true)
    }
    return () => {
      layer.remove()
    }
  }, [L, map, fix, hasCentred])

  return (
    <ToolPanel>
      <GpsStatus {...gps} />
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onDone}>
          {t('map.stop')}
        </Button>
      </Group>
    </ToolPanel>
  )
}

/** One click on the map places the new geo object. */
function PlaceObjectTool({ onDone, onObjectPlace }: MapToolsProps) {
  const { t } = useTranslation()
  const { map } = useFarmMap()
  const placed = useRef(onObjectPlace)
  placed.current = onObjectPlace
  useEffect(() => {
    const container = map.getContainer()
    container.style.cursor = 'crosshair'
    const place = (event: { latlng: LatLng }) => placed.current(toPoint(event.latlng))
    map.once('click', place)
    return () => {
      container.style.cursor = ''
      map.off('click', place)
    }
  }, [map])
  return (
    <ToolPanel>
      <Text size="sm">{t('map.object_hint')}</Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={onDone}>
          {t('map.cancel')}
        </Button>
      </Group>
    </ToolPanel>
  )
}

/** Drag a region's corners (leaflet-geoman's edit mode) and save the new outline. */
function ReshapeTool({ region, onDone }: { region: Region; onDone: () => void }) {
  const { t } = useTranslation()
  const { L, map } = useFarmMap()
  const [points, setPoints] = useState<GeoPoint[]>(region.points)

  useEffect(() => {
    const polygon = L.polygon(
      region.points.map((p): [number, number] => [p.lat, p.lng]),
      shapeStyle,
    ).addTo(map)
    const read = () => setPoints(((polygon.getLatLngs()[0] as LatLng[]) ?? []).map(toPoint))
    polygon.pm.enable({ allowSelfIntersection: false, snappable: false })
    for (const event of ['pm:edit', 'pm:markerdrag', 'pm:vertexadded', 'pm:vertexremoved'] as const)
      (polygon as Layer).on(event, read)
    map.fitBounds(polygon.getBounds(), { padding: [40, 40], maxZoom: 18 })
    return () => {
      polygon.pm.disable()
      polygon.remove()
    }
  }, [L, map, region])

  const save = useReshapeRegion(region, {
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('map.shape_saved') })
      onDone()
    },
  })
  const problem = polygonProblem(points)
  return (
    <ToolPanel>
      <Text size="sm">
        <b>{region.name}</b> · {t('map.shape_hint')}
      </Text>
      <MeasurePanel points={points} />
      <ShapeProblem points={points} />
      {save.isError && <FailureAlert error={save.error} testId="reshape-failed" />}
      <Group gap="xs">
        <Button
          size="xs"
          disabled={problem !== null}
          loading={save.isPending}
          onClick={() => save.mutate(points)}
        >
          {t('map.save_shape')}
        </Button>
        <Button size="xs" variant="default" onClick={onDone}>
          {t('map.cancel')}
        </Button>
      </Group>
    </ToolPanel>
  )
}
