import type { Group as OutputGroup, OutputRef } from '@kropla/domain'
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { offlineReasonId, useOnline } from '../offline/use-online'
import { MinutesChoice, useMinutesChoice } from './MinutesChoice'
import type { useManualActions } from './use-manual-actions'

interface GroupControlsProps {
  groups: readonly OutputGroup[]
  outputsById: ReadonlyMap<number, OutputRef>
  actions: ReturnType<typeof useManualActions>
}

/** Open or close every output of a group at once (`manual_group_schedule`). */
export function GroupControls({ groups, outputsById, actions }: GroupControlsProps) {
  const { t } = useTranslation()
  const outputGroups = groups.filter((group) => group.scope === 'outputs')
  return (
    <Stack gap="sm">
      <Title order={3}>{t('manual.groups_title')}</Title>
      {outputGroups.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('manual.no_groups')}
        </Text>
      ) : (
        outputGroups.map((group) => (
          <GroupControl
            key={group.id}
            group={group}
            outputs={group.elements.flatMap((id) => outputsById.get(id) ?? [])}
            actions={actions}
          />
        ))
      )}
    </Stack>
  )
}

interface GroupControlProps {
  group: OutputGroup
  outputs: readonly OutputRef[]
  actions: ReturnType<typeof useManualActions>
}

function GroupControl({ group, outputs, actions }: GroupControlProps) {
  const { t } = useTranslation()
  const { online } = useOnline()
  const offline = online ? {} : { disabled: true, 'aria-describedby': offlineReasonId }
  const choice = useMinutesChoice()
  const [isSending, setSending] = useState(false)
  const run = async (action: () => Promise<boolean>) => {
    setSending(true)
    try {
      if (await action())
        notifications.show({ color: 'teal', message: t('manual.group_sent', { name: group.name }) })
    } finally {
      setSending(false)
    }
  }
  const open = () => {
    const taken = choice.take()
    if (taken) void run(() => actions.openGroup(group.id, outputs, taken.minutes))
  }
  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-label={group.name}
      data-testid={`manual-group-${group.id}`}
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{group.name}</Text>
          <Text size="sm" c="dimmed">
            {t('manual.group_outputs', { count: outputs.length })}
          </Text>
        </Group>
        <MinutesChoice choice={choice} subject={group.name} />
        <Group gap="xs">
          <Button
            size="xs"
            onClick={open}
            loading={isSending}
            aria-label={t('manual.open_group', { name: group.name })}
            {...offline}
          >
            {t('manual.open')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="gray"
            disabled={isSending || !online}
            aria-describedby={online ? undefined : offlineReasonId}
            onClick={() =>
              void run(() =>
                actions.closeGroup(
                  group.id,
                  outputs.map((output) => output.id),
                ),
              )
            }
            aria-label={t('manual.close_group', { name: group.name })}
          >
            {t('manual.close')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}
