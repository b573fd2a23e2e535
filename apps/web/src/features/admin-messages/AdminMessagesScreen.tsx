import { type AdminMessage, messageInLanguage } from '@kropla/domain'
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { useUserFormat } from '../session/use-user-format'
import { useAdminMessages, useWithdrawMessage } from './admin-messages-api'
import { ComposeMessage } from './ComposeMessage'

/** /admin/adminus/messages: the operator publishes messages and sees how far each reached. */
export function AdminMessagesScreen() {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const messageOf = useErrorMessage()
  const messages = useAdminMessages()
  const withdraw = useWithdrawMessage({
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
  const recipientsOf = (message: AdminMessage) =>
    message.recipients.kind === 'all'
      ? t('admin_messages.recipient_kinds.all')
      : `${t(`admin_messages.recipient_kinds.${message.recipients.kind}`)}: ${message.recipients.ids.join(', ')}`

  return (
    <PageFrame title={t('admin_messages.title')} intro={t('admin_messages.intro')} maxWidth={1100}>
      <Card withBorder radius="md" padding="md">
        <Title order={4} mb="sm">
          {t('admin_messages.compose')}
        </Title>
        <ComposeMessage />
      </Card>
      <Loaded query={messages}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('admin_messages.empty')}</Text>
          ) : (
            <Table striped highlightOnHover data-testid="admin-messages">
              <Table.Tbody>
                {list.map((message) => {
                  const { subject } = messageInLanguage(message, i18n.language)
                  return (
                    <Table.Tr key={message.id}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text fw={600}>{subject}</Text>
                          <Text size="xs" c="dimmed">
                            {recipientsOf(message)}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td>{format.dateTime(message.publication_date)}</Table.Td>
                      <Table.Td>
                        {t('admin_messages.reach', {
                          read: message.read_count,
                          count: message.recipient_count,
                        })}
                      </Table.Td>
                      <Table.Td>
                        <Group justify="flex-end">
                          {message.deleted_at ? (
                            <Badge color="gray">{t('admin_messages.withdrawn')}</Badge>
                          ) : (
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              onClick={() => withdraw.mutate(message.id)}
                              aria-label={t('admin_messages.withdraw_label', { subject })}
                            >
                              {t('admin_messages.withdraw')}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
              </Table.Tbody>
            </Table>
          )
        }
      </Loaded>
    </PageFrame>
  )
}
