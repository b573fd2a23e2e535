import { Anchor, Badge, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAppBadgeSync } from '../mobile/app-badge'
import type { ConnectionState } from '../realtime/use-realtime'
import { alarmsQueryKey, useAlarmCounts } from './alarms-api'

/**
 * The top panel's alarm counts (active, unconfirmed), kept current by `base_alarms`. Each number
 * says what it counts: on a wide screen in words beside it ("Active: 3") in a link to /alarms; on a
 * phone, where only the two numbers fit, a tap opens a panel saying what they count, with the link.
 * Events pushed while the channel was down are lost, so a reconnection reads them afresh. The
 * installed app's icon shows the same active count (Badging API, where the browser has it).
 */
export function AlarmBadge({ connection }: { connection: ConnectionState }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const counts = useAlarmCounts()
  useAppBadgeSync(counts.data?.active)
  const hasConnectedBefore = useRef(false)
  // Below Mantine's md breakpoint the header has no room for the words.
  const isNarrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false }) ?? false
  useEffect(() => {
    if (connection !== 1) return
    if (hasConnectedBefore.current) void queryClient.invalidateQueries({ queryKey: alarmsQueryKey })
    hasConnectedBefore.current = true
  }, [connection, queryClient])

  const active = counts.data?.active ?? 0
  const unconfirmed = counts.data?.unconfirmed ?? 0
  const label = t('alarms.badge', { active, unconfirmed })
  const data = {
    'data-testid': 'alarm-badge',
    'data-active': counts.data ? active : undefined,
    'data-unconfirmed': counts.data ? unconfirmed : undefined,
  }
  const activeBadge = (text: string | number) => (
    <Badge
      color={active > 0 ? 'red' : 'gray'}
      variant={active > 0 ? 'filled' : 'light'}
      circle={typeof text === 'number'}
      data-testid="alarm-badge-active"
    >
      {text}
    </Badge>
  )
  const unconfirmedBadge = (text: string | number) => (
    <Badge
      color={unconfirmed > 0 ? 'orange' : 'gray'}
      variant="light"
      circle={typeof text === 'number'}
      data-testid="alarm-badge-unconfirmed"
    >
      {text}
    </Badge>
  )

  if (!isNarrow)
    return (
      <UnstyledButton component={Link} to="/alarms" aria-label={label} title={label} {...data}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('nav.alarms')}
          </Text>
          {activeBadge(t('alarms.badge_active', { n: active }))}
          {unconfirmedBadge(t('alarms.badge_unconfirmed', { n: unconfirmed }))}
        </Group>
      </UnstyledButton>
    )

  return (
    <Popover position="bottom" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={label} title={label} {...data}>
          <Group gap={4} wrap="nowrap">
            {activeBadge(active)}
            {unconfirmedBadge(unconfirmed)}
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="alarm-badge-details">
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap">
            {activeBadge(active)}
            <Text size="sm">{t('alarms.badge_active_long')}</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {unconfirmedBadge(unconfirmed)}
            <Text size="sm">{t('alarms.badge_unconfirmed_long')}</Text>
          </Group>
          <Anchor component={Link} to="/alarms" size="sm">
            {t('alarms.badge_open')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
