import { courseTo, type ObjectDetail } from '@kropla/domain'
import { Anchor, Button, Card, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { FarmMap } from '../map/FarmMap'
import type { GpsFix } from '../map/gps'
import { useObjects } from '../modules/objects-api'
import { useSession } from '../session/use-session'
import { MyPosition } from './MyPosition'
import { useSaveModuleLocation } from './mobile-api'
import { detectGeolocation } from './mobile-features'
import {
  formatBearing,
  formatCoordinate,
  formatDistance,
  MobileFrame,
  PositionLine,
  SupportNotice,
  useSupport,
} from './mobile-ui'
import { usePosition } from './use-position'

/**
 * /mobile/geolocation (issue 16 item 8): your position on the farm map, the distance and bearing
 * to each module (nearest first), and a module's location set from where you stand, saved through
 * the module's own update (PUT /api/objects/:id, everything else as it was: no reconfiguration).
 */
export function GeolocationScreen() {
  const support = useSupport(detectGeolocation)
  return (
    <MobileFrame feature="geolocation" maxWidth={960}>
      <SupportNotice support={support} />
      {support.level !== 'unsupported' && <Geolocation />}
    </MobileFrame>
  )
}

function Geolocation() {
  const { t } = useTranslation()
  const position = usePosition()
  // Where the map opens when the first fix comes before the farm is drawn (MyPosition moves it after).
  const [firstFix, setFirstFix] = useState<GpsFix | null>(null)
  if (position.fix && !firstFix) setFirstFix(position.fix)
  return (
    <Stack gap="md">
      <PositionLine status={position.status} fix={position.fix} />
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <FarmMap height="min(45dvh, 380px)" readOnly focus={firstFix}>
          <MyPosition fix={position.fix} centreOnFirst />
        </FarmMap>
      </Paper>
      <Title order={3} size="h4">
        {t('mobile_geolocation.modules')}
      </Title>
      <ModuleCourses fix={position.fix} />
      <SetLocation fix={position.fix} />
    </Stack>
  )
}

function ModuleCourses({ fix }: { fix: GpsFix | null }) {
  const { t, i18n } = useTranslation()
  const { objects } = useSession()
  const rows = useMemo(() => {
    const withCourse = objects.map((object) => ({
      object,
      course: fix && object.location ? courseTo(fix, object.location) : null,
    }))
    // Nearest first; modules without a location (or before the first fix) after, by name.
    return withCourse.sort((a, b) => {
      if (a.course && b.course) return a.course.distanceM - b.course.distanceM
      if (a.course || b.course) return a.course ? -1 : 1
      return a.object.name.localeCompare(b.object.name, i18n.language)
    })
  }, [objects, fix, i18n.language])
  return (
    <Stack gap={0} data-testid="module-courses">
      {rows.map(({ object, course }) => (
        <Group
          key={object.id}
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={8}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          data-testid={`course-row-${object.serial}`}
        >
          <Stack gap={0} miw={0}>
            <Text fw={500} truncate>
              {object.name}
            </Text>
            <Text size="xs" c="dimmed">
              {object.serial}
            </Text>
          </Stack>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {object.location === null ? (
              <Text size="sm" c="dimmed">
                {t('mobile_geolocation.no_location')}
              </Text>
            ) : (
              <>
                <Stack gap={0} align="flex-end">
                  <Text size="sm" fw={600} data-testid="course-distance">
                    {course ? formatDistance(t, i18n.language, course.distanceM) : '–'}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="course-bearing">
                    {/* Within a metre there is no direction to speak of. */}
                    {course && course.distanceM >= 1 ? formatBearing(t, course.bearingDeg) : '–'}
                  </Text>
                </Stack>
                <Anchor component={Link} to={`/mobile/direction?module=${object.id}`} size="sm">
                  {t('mobile_geolocation.direction')}
                </Anchor>
              </>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  )
}

const rounded = (degrees: number) => Math.round(degrees * 1e7) / 1e7

/** Stand next to a module, choose it, save: its location becomes the last fix. */
function SetLocation({ fix }: { fix: GpsFix | null }) {
  const { t, i18n } = useTranslation()
  const modules = useObjects()
  const [chosenId, setChosenId] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<{ object: ObjectDetail; at: GpsFix } | null>(null)
  const save = useSaveLocation(() => setConfirming(null))
  const chosen = modules.data?.find((object) => String(object.id) === chosenId) ?? null
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('mobile_geolocation.set_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('mobile_geolocation.set_hint')}
        </Text>
        <Select
          label={t('mobile_geolocation.set_module')}
          data={(modules.data ?? []).map((object) => ({ value: String(object.id), label: object.name }))}
          value={chosenId}
          onChange={setChosenId}
          disabled={!modules.data}
          data-testid="set-location-module"
        />
        <Button
          disabled={!fix || !chosen}
          onClick={() => chosen && fix && setConfirming({ object: chosen, at: fix })}
          data-testid="set-location"
        >
          {t('mobile_geolocation.set_button')}
        </Button>
      </Stack>
      {confirming && (
        <Modal opened onClose={() => setConfirming(null)} title={t('mobile_geolocation.set_title')} centered>
          <Stack gap="md">
            <Text size="sm" data-testid="set-location-confirm">
              {t('mobile_geolocation.set_confirm', {
                name: confirming.object.name,
                lat: formatCoordinate(i18n, confirming.at.lat),
                lon: formatCoordinate(i18n, confirming.at.lng),
              })}{' '}
              (±{Math.round(confirming.at.accuracyM)} m)
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('mobile_geolocation.cancel')}
              </Button>
              <Button loading={save.isPending} onClick={() => save.mutate(confirming)}>
                {t('mobile_geolocation.confirm')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Card>
  )
}

function useSaveLocation(onSaved: () => void) {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const save = useSaveModuleLocation({
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', message: t('mobile_geolocation.set_done', { name: saved.name }) })
      onSaved()
    },
    onError: (error) => notifications.show({ color: 'red', message: messageOf(error) }),
  })
  // The module as it is, with the new place.
  return {
    ...save,
    mutate: ({ object, at }: { object: ObjectDetail; at: GpsFix }) =>
      save.mutate({ object, location: { lat: rounded(at.lat), lng: rounded(at.lng) } }),
  }
}
