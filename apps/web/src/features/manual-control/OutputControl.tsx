import type { BusyState, OutputBusyState, OutputRef } from '@kropla/domain'
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ValveIcon } from '../dashboard/ValveIcon'
import { offlineReasonId, useOnline } from '../offline/use-online'
import { MinutesChoice, useMinutesChoice } from './MinutesChoice'
import { RemainingTime } from './RemainingTime'
import type { useManualActions } from './use-manual-actions'

const stateColours: Record<BusyState, string> = {
  busy: 'orange',
  awaiting_opening: 'yellow',
  awaiting_closing: 'yellow',
  in_progress: 'blue',
  idle: 'gray',
}

interface OutputControlProps {
  output: OutputRef
  /** Valves show as a valve (open, closed, unknown); pumps, lights and the rest as on / off. */
  isValve: boolean
  value: number | null
  view: OutputBusyState
  /** The server's words for this output's last failed manual open, if its last one failed. */
  failure: string | null
  actions: ReturnType<typeof useManualActions>
}

/** One output on the manual control screen: its state, what is happening, and open / close. */
export function OutputControl({ output, isValve, value, view, failure, actions }: OutputControlProps) {
  const { t } = useTranslation()
  const choice = useMinutesChoice()
  // Offline the module cannot be told: the buttons are disabled, the screen says why (never queued).
  const { online } = useOnline()
  const offline = online ? {} : { disabled: true, 'aria-describedby': offlineReasonId }
  // Each button waits for its own answer (the server answers once the module has done it).
  const [sending, setSending] = useState<'open' | 'close' | null>(null)

  const run = async (which: 'open' | 'close', action: () => Promise<boolean>) => {
    setSending(which)
    try {
      await action()
    } finally {
      setSending(null)
    }
  }
  const open = () => {
    const taken = choice.take()
    if (taken) void run('open', () => actions.openOutput(output, taken.minutes))
  }

  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={output.name}
      data-testid={`manual-output-${output.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {isValve ? (
              <ValveIcon value={value} testId={`manual-value-${output.id}`} />
            ) : (
              <Badge
                variant="outline"
                color={value ? 'teal' : 'gray'}
                data-testid={`manual-value-${output.id}`}
                data-state={value === null ? 'unknown' : value ? 'on' : 'off'}
              >
                {t(value === null ? 'outputs.unknown' : value ? 'outputs.on' : 'outputs.off')}
              </Badge>
            )}
            <Text fw={600}>{output.name}</Text>
          </Group>
          <Badge
            color={stateColours[view.state]}
            variant="light"
            // A long output name wraps; the state beside it stays whole ("Free", not "Fr…").
            style={{ flexShrink: 0 }}
            data-testid={`busy-${output.id}`}
            data-state={view.state}
          >
            {t(`manual.states.${view.state}`)}
          </Badge>
        </Group>
        <div role="status" aria-live="polite" aria-label={t('manual.current_state')}>
          {view.message && (
            <Text size="sm" data-testid={`manual-message-${output.id}`}>
              {t(`manual.messages.${view.message}`)}
            </Text>
          )}
          {(view.state === 'in_progress' || view.state === 'busy') && (
            <RemainingTime seconds={view.remainingSeconds} testId={`remaining-${output.id}`} />
          )}
        </div>
        {failure && (
          <Text size="sm" c="red" data-testid={`manual-failure-${output.id}`}>
            {t('manual.last_failed', { message: failure })}
          </Text>
        )}
        <MinutesChoice choice={choice} subject={output.name} />
        <Group gap="xs">
          <Button
            size="xs"
            onClick={open}
            loading={sending === 'open'}
            aria-label={t('manual.open_output', { name: output.name })}
            data-testid={`manual-open-${output.id}`}
            {...offline}
          >
            {t('manual.open')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="gray"
            loading={sending === 'close'}
            disabled={view.state === 'idle' && value !== 1}
            onClick={() => void run('close', () => actions.closeOutput(output))}
            aria-label={t('manual.close_output', { name: output.name })}
            {...offline}
          >
            {t('manual.close')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
