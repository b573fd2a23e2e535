import { Button, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SupportAccessDialog } from '../support/SupportAccessDialog'
import { AuditLogView } from './AuditLogView'

/** /admin/adminus/logs: the operator's audit log of every account, and the way into one (support access). */
export function AdminAuditLogScreen() {
  const { t } = useTranslation()
  const [isSwitching, setSwitching] = useState(false)
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{t('audit.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('audit.operator_intro')}
          </Text>
        </Stack>
        <Button variant="light" onClick={() => setSwitching(true)} data-testid="support-open">
          {t('support.open')}
        </Button>
      </Group>
      <AuditLogView scope="operator" />
      <SupportAccessDialog opened={isSwitching} onClose={() => setSwitching(false)} />
    </Stack>
  )
}
