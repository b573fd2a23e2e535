import { Alert, Center, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { loadTimeoutMs } from '../../lib/constants'
import { useTimedOut } from './use-timed-out'

/** A part of the screen the user waits for; after the spec's 120 s it says it did not load. */
export function PendingState({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation()
  const timedOut = useTimedOut(loadTimeoutMs)
  return (
    <Center mih={fullPage ? '100dvh' : 160} p="md">
      {timedOut ? (
        <Alert color="orange" role="alert" maw={480}>
          {t('app.load_timeout')}
        </Alert>
      ) : (
        <Loader aria-label={t('app.loading')} data-testid="pending" />
      )}
    </Center>
  )
}
