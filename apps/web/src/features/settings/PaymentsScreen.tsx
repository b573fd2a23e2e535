import { Anchor, Badge, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { useClientAccount } from '../client-account/client-account-api'
import { useUserFormat } from '../session/use-user-format'
import { SettingsCard } from './SettingsCard'
import { SettingsPage } from './SettingsPage'
import { useAbout } from './settings-api'

/**
 * settings/payments (admins): the subscription as the server holds it (valid until, or without an
 * end; blocked), and how to pay or extend it: the provider's order mailbox. Kropla takes no payments itself.
 */
export function PaymentsScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const client = useClientAccount()
  const about = useAbout()
  return (
    <SettingsPage title={t('payments.title')}>
      <Loaded query={client}>
        {(account) => (
          <SettingsCard title={t('payments.subscription')}>
            <Stack gap="xs">
              <Group gap="sm">
                <Text fw={600}>{account.name}</Text>
                <Badge color={account.blocked ? 'red' : 'teal'} variant="light">
                  {account.blocked ? t('payments.blocked') : t('payments.active')}
                </Badge>
              </Group>
              <Text data-testid="subscription-expiry">
                {account.expires_at
                  ? t('payments.valid_until', { date: format.dateTime(account.expires_at) })
                  : t('payments.no_expiry')}
              </Text>
            </Stack>
          </SettingsCard>
        )}
      </Loaded>
      <Loaded query={about}>
        {(answer) => (
          <SettingsCard title={t('payments.how_to_pay')}>
            <Text>
              {t('payments.order_text')}{' '}
              <Anchor href={`mailto:${answer.order_email}`}>{answer.order_email}</Anchor>
            </Text>
          </SettingsCard>
        )}
      </Loaded>
    </SettingsPage>
  )
}
