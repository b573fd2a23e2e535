import { Button, Group, Paper, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRealtimeChannel } from '../realtime/RealtimeContext'
import { useSession } from '../session/use-session'

/**
 * Shown on every screen while an operator works in a client account on support access: whose
 * account, why, and the way back to their own (the switch out is in the audit log).
 */
export function SupportBanner() {
  const { t } = useTranslation()
  const { user, support } = useSession()
  const { switchClient } = useRealtimeChannel()
  const [isLeaving, setLeaving] = useState(false)
  if (!support) return null
  return (
    <Paper
      role="status"
      radius="sm"
      px="md"
      py={6}
      mb="md"
      bg="red.9"
      c="white"
      data-testid="support-banner"
      style={{ position: 'sticky', top: 'var(--app-shell-header-height, 0px)', zIndex: 150 }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('support.banner', { account: user.client_name, reason: support.reason })}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="white"
          color="dark"
          loading={isLeaving}
          onClick={() => {
            setLeaving(true)
            switchClient(support.home_client).catch(() => setLeaving(false))
          }}
          data-testid="support-leave"
        >
          {t('support.leave')}
        </Button>
      </Group>
    </Paper>
  )
}
