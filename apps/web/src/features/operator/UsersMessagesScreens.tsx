import { messageInLanguage } from '@kropla/domain'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { DataTable } from '../../app/ui/DataTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useAdminMessages } from '../admin-messages/admin-messages-api'
import { useUserFormat } from '../session/use-user-format'
import { DetailLink, userEmailColumn } from './columns'
import { useMessageReaders } from './operator-api'

/** /admin/adminus/users_messages: every message sent, how many got it and read it. */
export function UsersMessagesScreen() {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const messages = useAdminMessages()
  return (
    <PageFrame
      title={t('operator.users_messages.title')}
      intro={t('operator.users_messages.intro')}
      maxWidth={1200}
    >
      <Loaded query={messages}>
        {(rows) => (
          <DataTable
            label={t('operator.users_messages.title')}
            testId="users-messages"
            rows={rows}
            rowKey={(row) => row.id}
            initialSort={{ id: 'publication_date', desc: true }}
            columns={[
              {
                id: 'subject',
                header: t('operator.columns.subject'),
                width: 280,
                value: (row) => messageInLanguage(row, i18n.language).subject,
                cell: (row) => (
                  <DetailLink to={`/admin/adminus/users_messages/${row.id}`}>
                    {messageInLanguage(row, i18n.language).subject}
                  </DetailLink>
                ),
              },
              {
                id: 'publication_date',
                header: t('operator.columns.published'),
                width: 180,
                value: (row) => row.publication_date,
                text: (row) => format.dateTime(row.publication_date),
              },
              {
                id: 'recipients',
                header: t('operator.columns.recipients'),
                width: 120,
                align: 'right',
                value: (row) => row.recipient_count,
              },
              {
                id: 'read',
                header: t('operator.columns.read'),
                width: 120,
                align: 'right',
                value: (row) => row.read_count,
              },
              {
                id: 'withdrawn',
                header: t('operator.columns.state'),
                width: 140,
                value: (row) => (row.deleted_at ? 1 : 0),
                text: (row) =>
                  t(
                    row.deleted_at
                      ? 'operator.users_messages.withdrawn'
                      : 'operator.users_messages.published',
                  ),
              },
            ]}
          />
        )}
      </Loaded>
    </PageFrame>
  )
}

/** /admin/adminus/users_messages/{id}: who got one message and who read it, when. */
export function UsersMessageScreen() {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const id = Number(useParams().id)
  const readers = useMessageReaders(id)
  const messages = useAdminMessages()
  const message = messages.data?.find((row) => row.id === id)
  return (
    <PageFrame
      title={message ? messageInLanguage(message, i18n.language).subject : t('operator.users_messages.title')}
      intro={message ? messageInLanguage(message, i18n.language).content : undefined}
      back={{ to: '/admin/adminus/users_messages', label: t('operator.users_messages.title') }}
      maxWidth={1100}
    >
      <Loaded query={readers}>
        {(rows) => (
          <DataTable
            label={t('operator.users_messages.readers')}
            testId="message-readers"
            rows={rows}
            rowKey={(row) => row.id_user}
            initialSort={{ id: 'email' }}
            columns={[
              userEmailColumn(t, 'id_user'),
              { id: 'name', header: t('operator.columns.name'), width: 180, value: (row) => row.name },
              {
                id: 'client',
                header: t('operator.columns.client'),
                width: 200,
                value: (row) => row.client_name,
              },
              {
                id: 'read_date',
                header: t('operator.columns.read_at'),
                width: 190,
                value: (row) => row.read_date,
                text: (row) =>
                  row.read_date ? format.dateTime(row.read_date) : t('operator.users_messages.unread'),
              },
              {
                id: 'deleted_at',
                header: t('operator.columns.deleted_at'),
                width: 190,
                value: (row) => row.deleted_at,
                text: (row) => (row.deleted_at ? format.dateTime(row.deleted_at) : ''),
              },
            ]}
          />
        )}
      </Loaded>
    </PageFrame>
  )
}
