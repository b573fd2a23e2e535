import { Box, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { ConnectionState } from '../../features/realtime/use-realtime'

/** The real-time channel's state, 1 connected or 0 disconnected (spec 01 section 4). */
export function ConnectionIndicator({ state }: { state: ConnectionState }) {
  const { t } = useTranslation()
  const label = state === 1 ? t('app.connection_online') : t('app.connection_offline')
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-testid="connection-state"
      data-state={String(state)}
      title={`${t('app.realtime')}: ${label}`}
      role="status"
    >
      <Box
        w={10}
        h={10}
        style={{ borderRadius: '50%' }}
        bg={state === 1 ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-red-6)'}
      />
      <Text size="sm" visibleFrom="sm">
        {label}
      </Text>
    </Group>
  )
}
