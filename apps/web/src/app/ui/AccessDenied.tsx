import { Alert } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function AccessDenied() {
  const { t } = useTranslation()
  return (
    <Alert color="red" role="alert" data-testid="access-denied">
      {t('errors.access_denied')}
    </Alert>
  )
}
