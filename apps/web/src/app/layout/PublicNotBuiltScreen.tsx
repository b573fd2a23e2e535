import { Alert, Anchor, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { NavKey } from './nav-key'

/** Registration and password reset come with later issues; until then the way back to login stays open. */
export function PublicNotBuiltScreen({ titleKey }: { titleKey: NavKey }) {
  const { t } = useTranslation()
  return (
    <Stack gap="md" data-testid="not-built">
      <Title order={2}>{t(titleKey)}</Title>
      <Alert color="gray" variant="light">
        {t('app.not_built')}
      </Alert>
      <Anchor component={Link} to="/login">
        {t('app.back_to_login')}
      </Anchor>
    </Stack>
  )
}
