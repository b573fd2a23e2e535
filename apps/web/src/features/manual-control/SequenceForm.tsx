import { manualScheduleNewSchema, type OutputRef } from '@kropla/domain'
import {
  ActionIcon,
  Button,
  Card,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../lib/translate-key'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { offlineReasonId, useOnline } from '../offline/use-online'
import type { MinutesInput } from './MinutesChoice'
import type { useManualActions } from './use-manual-actions'

dayjs.extend(utc)
dayjs.extend(timezone)

interface Step {
  key: number
  idOutput: string
  minutes: MinutesInput
}

interface SequenceFormProps {
  outputs: readonly OutputRef[]
  actions: ReturnType<typeof useManualActions>
}

/** A typed local moment ("2026-11-22T06:00") in the farm's time zone, as an ISO instant. */
function toInstant(local: string, timeZone: string | null): string | null {
  if (local.trim() === '') return null
  const moment = timeZone ? dayjs.tz(local, timeZone) : dayjs(local)
  return moment.isValid() ? moment.toISOString() : local
}

/** A one-off manual sequence (`manual_schedule_new`): outputs open one after another, each for its minutes. */
export function SequenceForm({ outputs, actions }: SequenceFormProps) {
  const { t, i18n } = useTranslation()
  const { online } = useOnline()
  const zones = useFarmZones()
  const [name, setName] = useState('')
  const [startAt, setStartAt] = useState('')
  const [nextKey, setNextKey] = useState(2)
  const [steps, setSteps] = useState<Step[]>([{ key: 1, idOutput: '', minutes: 10 }])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [isSending, setSending] = useState(false)

  const errorAt = (path: string) => {
    const key = errors[path]
    return key ? translateKey(i18n, key, key) : undefined
  }
  const updateStep = (key: number, change: Partial<Step>) =>
    setSteps((list) => list.map((step) => (step.key === key ? { ...step, ...change } : step)))

  const submit = async () => {
    const body = {
      name,
      start_at: toInstant(startAt, zones.farm),
      elements: steps.map((step) => ({
        id_output: step.idOutput === '' ? undefined : Number(step.idOutput),
        minutes:
          typeof step.minutes === 'number'
            ? step.minutes
            : step.minutes === ''
              ? undefined
              : Number(step.minutes),
      })),
    }
    const parsed = manualScheduleNewSchema.safeParse(body)
    if (!parsed.success) {
      const found: Record<string, string> = {}
      for (const issue of parsed.error.issues) {
        const path = issue.path.map(String).join('.')
        found[path] ??= path.endsWith('id_output') ? 'errors.field_required' : issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    setSending(true)
    try {
      if (await actions.startSequence(parsed.data)) {
        notifications.show({ color: 'teal', message: t('manual.sequence_sent') })
        setSteps([{ key: nextKey, idOutput: '', minutes: 10 }])
        setNextKey((key) => key + 1)
        setName('')
        setStartAt('')
      }
    } finally {
      setSending(false)
    }
  }

  const options = [
    { value: '', label: t('manual.choose_output') },
    ...outputs.map((output) => ({ value: String(output.id), label: output.name })),
  ]
  return (
    <Card withBorder padding="sm" component="section" aria-label={t('manual.sequence_title')}>
      <Stack gap="sm">
        <Title order={3}>{t('manual.sequence_title')}</Title>
        <Text size="sm" c="dimmed">
          {t('manual.sequence_intro')}
        </Text>
        <Group gap="sm" align="flex-start">
          <TextInput
            label={t('manual.sequence_name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errorAt('name')}
          />
          <TextInput
            type="datetime-local"
            label={t('manual.sequence_start')}
            value={startAt}
            onChange={(event) => setStartAt(event.currentTarget.value)}
            error={errorAt('start_at')}
          />
        </Group>
        <FarmZoneNote zones={zones} />
        {steps.map((step, index) => {
          const n = index + 1
          return (
            <Group key={step.key} gap="sm" align="flex-start" data-testid={`sequence-step-${n}`}>
              <NativeSelect
                label={t('manual.step_output', { n })}
                data={options}
                value={step.idOutput}
                onChange={(event) => updateStep(step.key, { idOutput: event.currentTarget.value })}
                error={errorAt(`elements.${index}.id_output`)}
              />
              <NumberInput
                label={t('manual.step_minutes', { n })}
                value={step.minutes}
                onChange={(minutes) => updateStep(step.key, { minutes })}
                allowNegative={false}
                w={140}
                error={errorAt(`elements.${index}.minutes`)}
              />
              {steps.length > 1 && (
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={t('manual.remove_step', { n })}
                  onClick={() => setSteps((list) => list.filter((candidate) => candidate.key !== step.key))}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          )
        })}
        {errorAt('elements') && (
          <Text size="sm" c="red">
            {errorAt('elements')}
          </Text>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() => {
              setSteps((list) => [...list, { key: nextKey, idOutput: '', minutes: 10 }])
              setNextKey((key) => key + 1)
            }}
          >
            {t('manual.add_step')}
          </Button>
          <Button
            onClick={() => void submit()}
            loading={isSending}
            disabled={!online}
            aria-describedby={online ? undefined : offlineReasonId}
          >
            {t('manual.start_sequence')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
