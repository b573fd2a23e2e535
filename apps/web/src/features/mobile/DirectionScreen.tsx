import { courseTo, relativeArrowDeg } from '@kropla/domain'
import { Button, Card, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useSession } from '../session/use-session'
import type { CompassWindow } from './compass'
import { detectDirection } from './mobile-features'
import {
  formatBearing,
  formatDistance,
  MobileFrame,
  PositionLine,
  SupportNotice,
  useSupport,
} from './mobile-ui'
import { useCompass, usePosition } from './use-position'

const compassWindow = typeof window === 'undefined' ? undefined : (window as unknown as CompassWindow)

/**
 * /mobile/direction (issue 16 item 7): an arrow from where you stand to a chosen module, turned by
 * the phone's compass so it points the way to walk; without a compass the arrow is drawn with
 * north at the top, and the screen says so. Distance and bearing come from the GPS fixes.
 */
export function DirectionScreen() {
  const support = useSupport(detectDirection)
  return (
    <MobileFrame feature="direction">
      <SupportNotice support={support} />
      {support.level !== 'unsupported' && <Direction />}
    </MobileFrame>
  )
}

function Direction() {
  const { t, i18n } = useTranslation()
  const { objects } = useSession()
  const [params, setParams] = useSearchParams()
  const located = useMemo(() => objects.filter((object) => object.location !== null), [objects])
  const [chosenId, setChosenId] = useState<number | null>(() => {
    const asked = Number(params.get('module'))
    return located.some((object) => object.id === asked) ? asked : (located[0]?.id ?? null)
  })
  const target = located.find((object) => object.id === chosenId) ?? null
  const position = usePosition()
  const compass = useCompass(compassWindow)
  const course = position.fix && target?.location ? courseTo(position.fix, target.location) : null
  const hasHeading = compass.status === 'ok' && compass.heading !== null
  const angle = course
    ? hasHeading
      ? relativeArrowDeg(course.bearingDeg, compass.heading!)
      : course.bearingDeg
    : null
  const isThere = course !== null && position.fix !== null && course.distanceM <= position.fix.accuracyM

  if (located.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="direction-no-modules">
        {t('mobile.no_located_modules')}
      </Text>
    )
  return (
    <Stack gap="md">
      <Select
        label={t('mobile_direction.module')}
        placeholder={t('mobile_direction.choose')}
        data={located.map((object) => ({ value: String(object.id), label: object.name }))}
        value={chosenId === null ? null : String(chosenId)}
        onChange={(value) => {
          const id = value === null ? null : Number(value)
          setChosenId(id)
          setParams(id === null ? {} : { module: String(id) }, { replace: true })
        }}
        allowDeselect={false}
        data-testid="direction-module"
      />
      <PositionLine status={position.status} fix={position.fix} />
      <Card withBorder radius="md" padding="md">
        <Stack align="center" gap="sm">
          <Arrow angle={angle} label={target ? t('mobile_direction.arrow', { name: target.name }) : ''} />
          {compass.canAsk && (
            <Button onClick={() => void compass.enable()} data-testid="compass-enable">
              {t('mobile_direction.compass_enable')}
            </Button>
          )}
          <Text size="sm" c="dimmed" ta="center" data-testid="compass-status" data-status={compass.status}>
            {compass.status === 'waiting' && t('mobile_direction.compass_waiting')}
            {compass.status === 'none' && t('mobile_direction.compass_none')}
            {compass.status === 'refused' && t('mobile_direction.compass_refused')}
            {compass.status === 'refused' && ` ${t('mobile_direction.north_up')}.`}
          </Text>
          {isThere && (
            <Text fw={600} c="teal.8" data-testid="direction-arrived">
              {t('mobile_direction.arrived')}
            </Text>
          )}
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat
          label={t('mobile_direction.distance')}
          value={course ? formatDistance(t, i18n.language, course.distanceM) : '–'}
          testId="direction-distance"
        />
        <Stat
          label={t('mobile_direction.bearing')}
          value={course ? formatBearing(t, course.bearingDeg) : '–'}
          testId="direction-bearing"
        />
        <Stat
          label={t('mobile_direction.heading')}
          value={hasHeading ? formatBearing(t, compass.heading!) : '–'}
          testId="direction-heading"
        />
      </SimpleGrid>
    </Stack>
  )
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Group>
  )
}

/** The arrow, turned clockwise by `angle` (null: nothing to point at yet, a dimmed dial). */
function Arrow({ angle, label }: { angle: number | null; label: string }) {
  const rounded = angle === null ? null : Math.round(angle)
  return (
    <svg
      width="200"
      height="200"
      viewBox="0 0 200 200"
      role="img"
      aria-label={label}
      data-testid="direction-arrow"
      data-angle={rounded ?? undefined}
    >
      <circle cx="100" cy="100" r="94" fill="none" stroke="#ced4da" strokeWidth="4" />
      {rounded !== null && (
        <g transform={`rotate(${rounded} 100 100)`}>
          <path d="M100 18 L142 112 L108 98 L108 176 L92 176 L92 98 L58 112 Z" fill="#1971c2" />
        </g>
      )}
    </svg>
  )
}
