import {
  type GeoObject,
  type ObjectConfig,
  type ObjectSummary,
  perimeterM,
  polygonAreaM2,
  type Region,
} from '@kropla/domain'
import { Anchor, Badge, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FullText } from '../../app/ui/FullText'
import { formatArea } from '../../lib/format-area'
import { translateKey } from '../../lib/translate-key'
import { tileReadings } from '../dashboard/tile-readings'
import { openHistory } from '../history/open-history'
import { modelWording, modulePath } from '../modules/objects-api'
import { useUserFormat } from '../session/use-user-format'
import type { FarmMapActions } from './FarmMap'
import { type ModuleMapState, regionSoilMoisture } from './map-state'

/** The popups of the farm map: a module's latest values, a region's size and moisture, a geo object. */

export function ModulePopup({
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

export function RegionPopup({
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

export function GeoObjectPopup({
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
