import type { ObjectSummary } from '@kropla/domain'
import { Alert, Badge, Button, Group, MultiSelect, Paper, SimpleGrid, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../app/ui/PageFrame'
import { translateKey } from '../../lib/translate-key'
import { type TileReading, tileReadings, tileStatus } from '../dashboard/tile-readings'
import { useNow } from '../dashboard/use-now'
import { useRealtimeChannel } from '../realtime/RealtimeContext'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { ageText, choiceValue, displayChoiceKey, parseChoiceValue, readDisplayChoice } from './display-choice'
import { useWakeLock, type WakeState } from './use-wake-lock'

/** How often the age of each value is renewed. */
const ageEveryMs = 5_000

/** Every value a module can show: its readings, then battery and signal. */
function readingsOf(object: ObjectSummary): TileReading[] {
  const status = tileStatus(object)
  return [
    ...tileReadings(object, undefined, 'every'),
    ...[status.battery, status.signal].filter((reading): reading is TileReading => reading !== null),
  ]
}

function storedChoice(): string[] {
  try {
    return readDisplayChoice(localStorage.getItem(displayChoiceKey))
  } catch {
    return []
  }
}

/**
 * `/mobile/datadisplay`: chosen live values in very large type for a phone mounted in a tractor or
 * a greenhouse, each with its unit and age; the choice is kept on the device and the screen kept
 * awake (Wake Lock). Values come with the live readings socket (the session's modules).
 */
export function DataDisplayScreen() {
  const { t, i18n } = useTranslation()
  const { objects } = useSession()
  const { connection } = useRealtimeChannel()
  const format = useUserFormat()
  const now = useNow(ageEveryMs)
  const wake = useWakeLock()
  const [choice, setChoice] = useState<string[]>(storedChoice)

  const labelOf = (reading: TileReading) => translateKey(i18n, `fields.${reading.field}`, reading.field)
  const options = objects.map((object) => ({
    group: object.name,
    items: readingsOf(object).map((reading) => ({
      value: choiceValue({ idObject: object.id, field: reading.field }),
      label: `${labelOf(reading)} · ${object.name}`,
    })),
  }))
  const choose = (next: string[]) => {
    setChoice(next)
    try {
      localStorage.setItem(displayChoiceKey, JSON.stringify(next))
    } catch {
      // A private window may refuse storage: the choice then lasts until the page closes.
    }
  }

  return (
    <PageFrame
      title={t('nav.datadisplay')}
      intro={t('mobile_devices.display_intro')}
      back={{ to: '/mobile', label: t('nav.mobile') }}
      actions={<WakeBadge state={wake} />}
      maxWidth={1600}
    >
      {wake !== 'on' && wake !== 'pending' && (
        <Text size="sm" data-testid="wake-note">
          {t(
            wake === 'off'
              ? 'mobile_devices.wake_off'
              : wake === 'failed'
                ? 'mobile_devices.wake_failed'
                : wake === 'insecure'
                  ? 'mobile_devices.insecure'
                  : 'mobile_devices.wake_unsupported',
          )}
        </Text>
      )}
      <MultiSelect
        label={t('mobile_devices.display_choose')}
        placeholder={choice.length === 0 ? t('mobile_devices.display_choose_placeholder') : undefined}
        data={options}
        value={choice}
        onChange={choose}
        searchable
        clearable
        hidePickedOptions
        maxValues={24}
        data-testid="display-choose"
      />
      {connection === 0 && (
        <Alert color="orange" variant="light" data-testid="display-offline">
          {t('mobile_devices.connection_lost')}
        </Alert>
      )}
      {choice.length === 0 ? (
        <Text c="dimmed" data-testid="display-empty">
          {t('mobile_devices.display_empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {choice.map((value) => {
            const key = parseChoiceValue(value)
            const object = key && objects.find((candidate) => candidate.id === key.idObject)
            const reading = object && readingsOf(object).find((candidate) => candidate.field === key.field)
            if (!object || !reading)
              return (
                <Paper key={value} withBorder p="md">
                  <Text>{t('mobile_devices.display_missing')}</Text>
                </Paper>
              )
            const at = reading.latest?.dtimestamp
            const age = at ? ageText(now - Date.parse(at), i18n.language) : null
            return (
              <Paper
                key={value}
                withBorder
                p="md"
                radius="md"
                // The value's type grows with its card (cqi), not the window: three cards side by side on a desktop.
                style={{ containerType: 'inline-size' }}
                data-testid={`display-${object.serial}-${reading.field}`}
              >
                <Text fz={22} fw={600} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                  {labelOf(reading)}
                </Text>
                <Text fz={16} c="dimmed" lh={1.2} style={{ overflowWrap: 'anywhere' }}>
                  {object.name}
                </Text>
                <Text
                  fz="clamp(2.75rem, 20cqi, 6rem)"
                  fw={700}
                  lh={1.05}
                  my={4}
                  c={reading.isFlagged ? 'red.8' : undefined}
                  style={{ overflowWrap: 'break-word', fontVariantNumeric: 'tabular-nums' }}
                  data-testid="display-value"
                >
                  {reading.latest
                    ? format.value(reading.input, reading.latest.value)
                    : t('mobile_devices.display_no_value')}
                </Text>
                {at && (
                  <Text fz={20} c="dimmed" data-testid="display-age">
                    {age ? t('mobile_devices.display_age', { age }) : t('mobile_devices.display_age_now')}
                  </Text>
                )}
              </Paper>
            )
          })}
        </SimpleGrid>
      )}
      {typeof document !== 'undefined' &&
        typeof document.documentElement.requestFullscreen === 'function' && (
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
            >
              {t('mobile_devices.full_screen')}
            </Button>
          </Group>
        )}
    </PageFrame>
  )
}

function WakeBadge({ state }: { state: WakeState }) {
  const { t } = useTranslation()
  if (state !== 'on') return null
  return (
    <Badge color="teal" variant="light" size="lg" data-testid="wake-on">
      {t('mobile_devices.wake_on')}
    </Badge>
  )
}
