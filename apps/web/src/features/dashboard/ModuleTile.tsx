import type { ObjectConfig, ObjectSummary } from '@kropla/domain'
import { Anchor, Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { FullText } from '../../app/ui/FullText'
import { translateKey } from '../../lib/translate-key'
import { openHistory } from '../history/open-history'
import { modelWording, modulePath } from '../modules/objects-api'
import { formatAge } from '../offline/format-age'
import { useUserFormat } from '../session/use-user-format'
import { TrendArrow } from './TrendArrow'
import {
  isCommunicating,
  lastReadingAt,
  outputStyle,
  type TileReading,
  tileReadings,
  tileStatus,
} from './tile-readings'
import { ValveIcon, valveState } from './ValveIcon'

interface ModuleTileProps {
  object: ObjectSummary
  /** The module's settings (labels, units, alarm thresholds), once the list of modules has loaded. */
  config?: ObjectConfig
  /** The names of the equipment wired to the module, by field (a valve's "Valve – tomato field"). */
  equipmentNames?: ReadonlyMap<string, string>
  now: number
}

export function ModuleTile({ object, config, equipmentNames, now }: ModuleTileProps) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const readings = tileReadings(object, config, 'every')
  const status = tileStatus(object)
  const lastAt = lastReadingAt(object, readings)
  const isOnline = object.connection === 1
  const communicating = isCommunicating(object, now)
  const valves = outputStyle(object) === 'valve'
  const modelName = modelWording(i18n, object.last_device_model, 'short')

  // The user's label of the input, else the name of what is wired to it, else the catalogue's name.
  const labelOf = (reading: TileReading) =>
    reading.customLabel ??
    equipmentNames?.get(reading.field) ??
    translateKey(i18n, `fields.${reading.field}`, reading.field)
  // Every value opens its history (spec 01 section 2).
  const value = (reading: TileReading) => (
    <UnstyledButton
      onClick={() => openHistory({ idObject: object.id, field: reading.field })}
      aria-label={t('history.open_value', { field: labelOf(reading), value: valueText(reading) })}
      data-testid={`history-${object.serial}-${reading.field}`}
    >
      {shownValue(reading)}
    </UnstyledButton>
  )
  // The button's name says the value too: a label alone would hide the reading from a screen reader.
  const valueText = ({ input, latest }: TileReading) =>
    input?.kind === 'output' && valves
      ? t(`dashboard.valve_${valveState(latest?.value)}`)
      : format.value(input, latest?.value ?? null)
  const shownValue = ({ field, input, latest, isFlagged }: TileReading) => {
    const testId = `value-${object.serial}-${field}`
    // A valve's state in words beside its icon (an icon alone is hard to read outdoors), said once.
    if (input?.kind === 'output' && valves)
      return (
        <Group gap={6} wrap="nowrap" component="span">
          <Text size="sm" fw={500} span data-testid={`valve-state-${object.serial}-${field}`}>
            {t(`dashboard.valve_${valveState(latest?.value)}`)}
          </Text>
          <ValveIcon value={latest?.value} testId={testId} decorative />
        </Group>
      )
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
          <FullText text={object.name}>
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
          </FullText>
          <FullText text={`${modelName} · ${object.serial}`}>
            <Text size="xs" c="dimmed" truncate data-testid={`model-${object.serial}`}>
              {modelName} · {object.serial}
            </Text>
          </FullText>
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
            <FullText text={labelOf(reading)}>
              <Text size="sm" c="dimmed" truncate>
                {labelOf(reading)}
              </Text>
            </FullText>
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
              aria-label={t('history.open_value', {
                field: t('dashboard.battery'),
                value: format.value(status.battery.input, status.battery.latest?.value ?? null),
              })}
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
              aria-label={t('history.open_value', {
                field: t('dashboard.signal'),
                value: format.value(status.signal.input, status.signal.latest?.value ?? null),
              })}
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
        {lastAt && (
          // How old the value is, in words: what matters when the app cannot ask for a newer one.
          <span data-testid={`age-${object.serial}`}>
            {' '}
            ({formatAge(Date.parse(lastAt), now, i18n.language)})
          </span>
        )}
      </Text>
    </Card>
  )
}
