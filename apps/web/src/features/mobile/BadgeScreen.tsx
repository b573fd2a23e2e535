import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useAlarmCounts } from '../alarms/alarms-api'
import { useBadgeOutcome } from './app-badge'
import { detectBadge } from './mobile-features'
import { MobileFrame, SupportNotice, useSupport } from './mobile-ui'

/**
 * /mobile/badge: the active alarms the installed app's icon shows (the header keeps the icon in
 * step, useAppBadgeSync), and whether this browser can show it at all.
 */
export function BadgeScreen() {
  const { t } = useTranslation()
  const support = useSupport(detectBadge)
  const counts = useAlarmCounts()
  const outcome = useBadgeOutcome()
  const active = counts.data?.active
  return (
    <MobileFrame feature="badge">
      <SupportNotice support={support} />
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fw={500}>{t('mobile_badge.active_now')}</Text>
            {active === undefined ? (
              <Text size="sm" c="dimmed" aria-busy="true">
                {t('mobile_badge.waiting')}
              </Text>
            ) : (
              <Badge
                size="xl"
                circle
                color={active > 0 ? 'red' : 'gray'}
                variant={active > 0 ? 'filled' : 'light'}
                data-testid="badge-active-count"
              >
                {active}
              </Badge>
            )}
          </Group>
          {support.level === 'supported' && (
            <Text size="sm" data-testid="badge-outcome" data-outcome={outcome.kind}>
              {outcome.kind === 'set' && t('mobile_badge.shown', { count: outcome.count })}
              {outcome.kind === 'cleared' && t('mobile_badge.cleared')}
              {outcome.kind === 'failed' && t('mobile_badge.failed')}
            </Text>
          )}
          <Anchor component={Link} to="/alarms" size="sm" w="fit-content">
            {t('mobile_badge.open_alarms')}
          </Anchor>
        </Stack>
      </Card>
      <Text size="sm" c="dimmed">
        {t('mobile_badge.how')}
      </Text>
    </MobileFrame>
  )
}
