import { Alert, Paper, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useNow } from '../dashboard/use-now'
import { formatAge } from './format-age'
import { offlineBannerReasonId, offlineReasonId, useOnline } from './use-online'

/**
 * Shown on every signed-in screen while the server cannot be reached: no network at all, or a
 * network on which the server does not answer (a dead zone, a farm router down). It says that
 * what is shown is what the app knew, how old it is, and that actions wait for the connection.
 */
export function OfflineBanner() {
  const { t, i18n } = useTranslation()
  const { online, state } = useOnline()
  // Renders again every half minute, so the age grows while the server stays out of reach.
  useNow(30_000)
  if (online) return null
  const age = state.savedAt === null ? null : formatAge(state.savedAt, Date.now(), i18n.language)
  return (
    <Paper
      role="status"
      radius="sm"
      px="md"
      py={6}
      mb="md"
      bg="yellow.2"
      c="dark.9"
      withBorder
      data-testid="offline-banner"
      data-reason={state.browserOnline ? 'server' : 'network'}
      style={{ position: 'sticky', top: 'var(--app-shell-header-height, 0px)', zIndex: 150 }}
    >
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {state.browserOnline ? t('offline.no_server') : t('offline.no_network')}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="offline-saved">
        {age === null ? t('offline.shows_known') : t('offline.shows_saved', { age })}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} id={offlineBannerReasonId}>
        {t('offline.actions_wait')}
      </Text>
    </Paper>
  )
}

/**
 * Above a screen's actions that need the server: why they are disabled now, nothing while online.
 * One per screen (its id is fixed), so a phone does not repeat it under every button.
 */
export function OfflineReason() {
  const { reason } = useOnline()
  if (!reason) return null
  return (
    <Alert color="yellow" variant="light" c="dark.9" id={offlineReasonId} data-testid="offline-reason">
      {reason}
    </Alert>
  )
}
