import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { AuditLogView } from './AuditLogView'

/** /settings/logs: an account admin's audit log of their own account (no other account's entries). */
export function AccountAuditLogScreen() {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2}>{t('audit.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('audit.account_intro')}
        </Text>
      </Stack>
      <AuditLogView scope="account" />
    </Stack>
  )
}
