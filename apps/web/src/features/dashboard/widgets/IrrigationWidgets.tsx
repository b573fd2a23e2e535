import type { WidgetOf, WidgetOutputState } from '@kropla/domain'
import { Alert, Badge, Button, Group, NumberInput, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUserFormat } from '../../session/use-user-format'
import { useWidgetIrrigation, useWidgetManualCommand } from '../dashboards-api'

function StateBadge({ output }: { output: WidgetOutputState }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={output.open ? 'teal' : 'gray'} variant="light" data-testid={`output-state-${output.id}`}>
        {output.open ? t('dashboards.output_open') : t('dashboards.output_closed')}
      </Badge>
      {output.open && (
        <Text size="xs" c="dimmed">
          {output.source === 'plan' ? t('dashboards.by_schedule') : t('dashboards.by_hand')}
          {output.close_at ? ` · ${t('dashboards.until', { time: format.dateTime(output.close_at) })}` : ''}
        </Text>
      )}
    </Group>
  )
}

function IrrigationList({
  outputs,
  row,
}: {
  outputs: readonly number[]
  row: (output: WidgetOutputState, refetch: () => void) => React.ReactNode
}) {
  const { t } = useTranslation()
  const state = useWidgetIrrigation(outputs)
  if (state.isPending) return <Text size="sm">{t('dashboards.loading')}</Text>
  if (state.isError)
    return (
      <Alert color="red" variant="light">
        {state.error.message || t('errors.internal')}
      </Alert>
    )
  if (!state.data.length) return <Text size="sm">{t('dashboards.no_outputs')}</Text>
  return (
    <Stack gap="xs">
      {state.data.map((output) => (
        <div key={output.id}>{row(output, () => void state.refetch())}</div>
      ))}
    </Stack>
  )
}

/** System state: which outputs are open, by hand or by a schedule, and until when. */
export function SystemStateWidget({ widget }: { widget: WidgetOf<'system_state'> }) {
  return (
    <IrrigationList
      outputs={widget.outputs}
      row={(output) => (
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" fw={500}>
            {output.name}
          </Text>
          <StateBadge output={output} />
        </Group>
      )}
    />
  )
}

function ManualRow({ output, refetch }: { output: WidgetOutputState; refetch: () => void }) {
  const { t } = useTranslation()
  const command = useWidgetManualCommand()
  const [minutes, setMinutes] = useState<number | string>(10)
  const busy = command.isPending
  const send = async (on: boolean) => {
    const answer = await command.mutateAsync({
      id_output: output.id,
      on,
      minutes: on && minutes !== '' ? Number(minutes) : null,
    })
    if ('err' in answer)
      notifications.show({ color: 'red', message: answer.message || t('errors.manual_command_failed') })
    refetch()
  }
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={500}>
          {output.name}
        </Text>
        <StateBadge output={output} />
      </Group>
      <Group gap="xs" wrap="wrap" align="flex-end">
        <NumberInput
          size="xs"
          w={110}
          min={1}
          max={1440}
          value={minutes}
          onChange={setMinutes}
          label={t('dashboards.minutes')}
          aria-label={t('dashboards.minutes_for', { name: output.name })}
          rightSection={<Text size="xs">{t('dashboards.min')}</Text>}
        />
        <Button
          size="xs"
          loading={busy}
          onClick={() => void send(true)}
          aria-label={t('dashboards.open_named', { name: output.name })}
        >
          {t('dashboards.open')}
        </Button>
        <Button
          size="xs"
          variant="light"
          color="gray"
          loading={busy}
          onClick={() => void send(false)}
          aria-label={t('dashboards.close_named', { name: output.name })}
        >
          {t('dashboards.close')}
        </Button>
      </Group>
    </Stack>
  )
}

/** Manual control: open an output for some minutes (empty: until closed) or close it. */
export function ManualControlWidget({ widget }: { widget: WidgetOf<'manual_control'> }) {
  return (
    <IrrigationList
      outputs={widget.outputs}
      row={(output, refetch) => <ManualRow output={output} refetch={refetch} />}
    />
  )
}
