import { Badge, Group, Text, UnstyledButton } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ConnectionState } from '../realtime/useRealtime'
import { alarmsQueryKey, useAlarmCounts } from './alarms-api'

/**
 * The top panel's alarm counts (active, unconfirmed), kept current by `base_alarms`; a link to
 * /alarms. Events pushed while the channel was down are lost, so a reconnection reads them afresh.
 */
export function AlarmBadge({ connection }: { connection: ConnectionState }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const counts = useAlarmCounts()
  const hasConnectedBefore = useRef(false)
  useEffect(() => {
    if (connection !== 1) return
    if (hasConnectedBefore.current) void queryClient.invalidateQueries({ queryKey: alarmsQueryKey })
    hasConnectedBefore.current = true
  }, [connection, queryClient])

  const active = counts.data?.active ?? 0
  const unconfirmed = counts.data?.unconfirmed ?? 0
  return (
    <UnstyledButton
      component={Link}
      to="/alarms"
      aria-label={t('alarms.badge', { active, unconfirmed })}
      title={t('alarms.badge', { active, unconfirmed })}
      data-testid="alarm-badge"
      data-active={counts.data ? active : undefined}
      data-unconfirmed={counts.data ? unconfirmed : undefined}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={500} visibleFrom="sm">
          {t('nav.alarms')}
        </Text>
        <Badge color={active > 0 ? 'red' : 'gray'} variant={active > 0 ? 'filled' : 'light'} circle>
          {active}
        </Badge>
        <Badge color={unconfirmed > 0 ? 'orange' : 'gray'} variant="light" circle>
          {unconfirmed}
        </Badge>
      </Group>
    </UnstyledButton>
  )
}
