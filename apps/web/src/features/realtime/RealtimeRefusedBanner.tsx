import { Button, Group, Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { reloadPage } from '../../lib/reload'
import type { RealtimeRefusal } from './use-realtime'

/**
 * Says why live data stopped when the server refused the real-time channel for too many
 * connections (of this user, or from this network address), and offers the reload that tries again.
 */
export function RealtimeRefusedBanner({ refusal }: { refusal: RealtimeRefusal | null }) {
  const { t } = useTranslation()
  if (!refusal) return null
  return (
    <Paper
      role="alert"
      radius="sm"
      px="md"
      py={6}
      mb="md"
      bg="red.1"
      c="dark.9"
      withBorder
      data-testid="realtime-refused"
      data-code={refusal.code}
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', flex: 1 }}>
          {t(`errors.${refusal.code}`, { limit: refusal.limit })}
        </Text>
        <Button size="xs" variant="default" onClick={() => reloadPage()}>
          {t('app.reload')}
        </Button>
      </Group>
    </Paper>
  )
}
