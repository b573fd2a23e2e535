import type { ObjectConfig, ObjectSummary } from '@kropla/domain'
import { Anchor, Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { translateKey } from '../../lib/translate-key'
import { openHistory } from '../history/open-history'
import { modelWording, modulePath } from '../modules/objects-api'
import { useUserFormat } from '../session/useUserFormat'
import { TrendArrow } from './TrendArrow'
import {
  isCommunicating,
  lastReadingAt,
  outputStyle,
  type TileReading,
  tileReadings,
  tileStatus,
} from './tile-readings'
import { ValveIcon } from './ValveIcon'

interface ModuleTileProps {
  object: ObjectSummary
  /** The module's settings (labels, units, alarm thresholds), once the list of modules has loaded. */
  config?: ObjectConfig
  now: number
}

export function ModuleTile({ object, config, now }: ModuleTileProps) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const readings = tileReadings(object, config)
  const status = tileStatus(object)
  const lastAt = lastReadingAt(object, readings)
  const isOnline = object.connection === 1
  const communicating = isCommunicating(object, now)
  const valves = outputStyle(object) === 'valve'
  const modelName = modelWording(i18n, object.last_device_model, 'short')

  const labelOf = (reading: TileReading) =>
    reading.customLabel ?? translateKey(i18n, `fields.${reading.field}`, reading.field)
  // Every value opens its history (spec 01 section 2).
  const value = (reading: TileReading) => (
    <UnstyledButton
      onClick={() => openHistory({ idObject: object.id, field: reading.field })}
      aria-label={t('history.open', { field: labelOf(reading) })}
      data-testid={`history-${object.serial}-${reading.field}`}
    >
      {shownValue(reading)}
    </UnstyledButton>
  )
  const shownValue = ({ field, input, latest, isFlagged }: TileReading) => {
    const testId = `value-${object.serial}-${field}`
    if (input?.kind === 'output' && valves) return <ValveIcon value={latest?.value} testId={testId} />
    return (
      <Text
        td="underline dotted"
        size="sm"
        fw={500}
        c={isFlagged ? 'red' : undefined}
        data-testid={testId}
        data-flagged={isFlagged || undefined}
        title={isFlagged ? t('dashboard.flagged') : undefined}
      >
        {format.value(input, latest?.value ?? null)}
      </Text>
    )
  }

  return (
    <Card withBorder radius="md" padding="md" data-testid={`tile-${object.serial}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Anchor
            component={Link}
            to={modulePath(object.id)}
            fw={600}
            c="inherit"
            truncate
            aria-label={t('history.open_module', { name: object.name })}
            data-testid={`module-link-${object.serial}`}
          >
            {object.name}
          </Anchor>
          <Text size="xs" c="dimmed" truncate>
            {modelName} · {object.serial}
          </Text>
          {!communicating && (
            <Badge
              color="orange"
              variant="outline"
              size="sm"
              mt={4}
              w="fit-content"
              data-testid={`communication-${object.serial}`}
            >
              {t('dashboard.not_communicating')}
            </Badge>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge
            color={isOnline ? 'teal' : 'gray'}
            variant="light"
            data-testid={`connection-${object.serial}`}
            data-state={object.connection}
          >
            {isOnline ? t('dashboard.online') : t('dashboard.offline')}
          </Badge>
        </Stack>
      </Group>

      <Stack gap={6}>
        {readings.map((reading) => (
          <Group key={reading.field} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" truncate>
              {labelOf(reading)}
            </Text>
            <Group gap={4} wrap="nowrap">
              {value(reading)}
              {reading.trend !== null && <TrendArrow trend={reading.trend} />}
            </Group>
          </Group>
        ))}
      </Stack>

      {(status.battery || status.signal) && (
        <Group gap="md" mt="sm">
          {status.battery && (
            <UnstyledButton
              fz="xs"
              c="dimmed"
              onClick={() =>
                status.battery && openHistory({ idObject: object.id, field: status.battery.field })
              }
              aria-label={t('history.open', { field: t('dashboard.battery') })}
              data-testid={`battery-${object.serial}`}
            >
              {t('dashboard.battery')}:{' '}
              {format.value(status.battery.input, status.battery.latest?.value ?? null)}
            </UnstyledButton>
          )}
          {status.signal && (
            <UnstyledButton
              fz="xs"
              c="dimmed"
              onClick={() =>
                status.signal && openHistory({ idObject: object.id, field: status.signal.field })
              }
              aria-label={t('history.open', { field: t('dashboard.signal') })}
              data-testid={`signal-${object.serial}`}
            >
              {t('dashboard.signal')}:{' '}
              {format.value(status.signal.input, status.signal.latest?.value ?? null)}
            </UnstyledButton>
          )}
        </Group>
      )}

      <Text size="xs" c="dimmed" mt="xs" data-testid={`time-${object.serial}`}>
        {t('dashboard.last_data')}: {lastAt ? format.dateTime(lastAt) : t('dashboard.no_data')}
      </Text>
    </Card>
  )
}
