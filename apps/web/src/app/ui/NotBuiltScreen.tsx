import { Alert, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { NavKey } from '../layout/nav-key'

/** The place of a screen that a later issue builds: the route exists, the content does not yet. */
export function NotBuiltScreen({ titleKey }: { titleKey: NavKey }) {
  const { t } = useTranslation()
  return (
    <Stack gap="md" data-testid="not-built">
      <Title order={2}>{t(titleKey)}</Title>
      <Alert color="gray" variant="light">
        {t('app.not_built')}
      </Alert>
    </Stack>
  )
}
