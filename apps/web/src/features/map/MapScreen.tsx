import type { GeoObject, GeoPoint, Region } from '@kropla/domain'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { GeoObjectModal } from '../regions/GeoObjectsScreen'
import { RegionModal } from '../regions/RegionsScreen'
import { FarmMap } from './FarmMap'
import { MapLegend } from './MapLegend'
import { MapSearch } from './MapSearch'
import { type MapTool, MapTools } from './MapTools'
import { useMoveGeoObject } from './map-api'

type Dialog =
  | { kind: 'new_region'; points: GeoPoint[] }
  | { kind: 'region'; region: Region }
  | { kind: 'new_geo'; location: GeoPoint }
  | { kind: 'geo'; geoObject: GeoObject }

/**
 * /map (spec 01 section 3): the farm on a map. Draw a region by clicking its corners or by walking
 * its boundary with the phone, reshape it, place a geo object, follow your own position, and find
 * modules, regions and objects by name.
 */
export function MapScreen() {
  const { t } = useTranslation()
  const [tool, setTool] = useState<MapTool>({ kind: 'idle' })
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const reshaping = tool.kind === 'reshape' ? tool.region.id : null
  const moveGeoObject = useMoveGeoObjectNotified()
  // On a phone the tool buttons take a second row.
  const isNarrow = useMediaQuery('(max-width: 48em)')
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={2}>{t('map.title')}</Title>
        <Group gap="xs">
          <Button size="xs" onClick={() => setTool({ kind: 'draw' })} disabled={tool.kind !== 'idle'}>
            {t('map.draw_region')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setTool({ kind: 'walk' })}
            disabled={tool.kind !== 'idle'}
          >
            {t('map.walk_boundary')}
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() => setTool({ kind: 'place_object' })}
            disabled={tool.kind !== 'idle'}
          >
            {t('map.add_object')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => setTool({ kind: 'locate' })}
            disabled={tool.kind !== 'idle'}
          >
            {t('map.my_location')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <FarmMap
          height={isNarrow ? 'max(320px, calc(100dvh - 290px))' : 'max(360px, calc(100dvh - 210px))'}
          withTools
          hiddenRegionId={reshaping}
          passive={tool.kind !== 'idle'}
          actions={{
            onEditRegion: (region) => setDialog({ kind: 'region', region }),
            onEditRegionShape: (region) => setTool({ kind: 'reshape', region }),
            onEditGeoObject: (geoObject) => setDialog({ kind: 'geo', geoObject }),
            onMoveGeoObject: (geoObject, location) => moveGeoObject.mutate({ geoObject, location }),
          }}
        >
          <MapSearch />
          <MapLegend />
          <MapTools
            tool={tool}
            onDone={() => setTool({ kind: 'idle' })}
            onRegionShape={(points) => {
              setTool({ kind: 'idle' })
              setDialog({ kind: 'new_region', points })
            }}
            onObjectPlace={(location) => {
              setTool({ kind: 'idle' })
              setDialog({ kind: 'new_geo', location })
            }}
          />
        </FarmMap>
      </Paper>
      <Text size="xs" c="dimmed">
        {t('map.search_note')}
      </Text>
      {dialog?.kind === 'new_region' && (
        <RegionModal region={null} points={dialog.points} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'region' && <RegionModal region={dialog.region} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'new_geo' && (
        <GeoObjectModal geoObject={null} location={dialog.location} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'geo' && (
        <GeoObjectModal geoObject={dialog.geoObject} onClose={() => setDialog(null)} />
      )}
    </Stack>
  )
}

/** A geo object dragged on the map keeps its new place; the notification says how it went. */
function useMoveGeoObjectNotified() {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  return useMoveGeoObject({
    onSuccess: () => notifications.show({ color: 'teal', message: t('map.object_moved') }),
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  })
}
