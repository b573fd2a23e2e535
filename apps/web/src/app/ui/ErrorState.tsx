import { Alert, Button, Center, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useErrorMessage } from './use-error-message'

interface ErrorStateProps {
  error: unknown
  onRetry?: () => void
  fullPage?: boolean
}

export function ErrorState({ error, onRetry, fullPage = false }: ErrorStateProps) {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  return (
    <Center mih={fullPage ? '100dvh' : 160} p="md">
      <Stack align="center" maw={480}>
        <Alert color="red" role="alert" title={t('app.error_title')} w="100%">
          {messageOf(error)}
        </Alert>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        )}
      </Stack>
    </Center>
  )
}
