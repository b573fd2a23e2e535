import { Card, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { DataTable } from '../../app/ui/DataTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useUserFormat } from '../session/use-user-format'
import { clientColumn, countColumn, DetailLink, userEmailColumn, userTypeKey } from './columns'
import { useOperatorUsers } from './operator-api'

/** /admin/adminus/users: the users of every account. */
export function OperatorUsersScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const users = useOperatorUsers()
  return (
    <PageFrame title={t('operator.users.title')} intro={t('operator.users.intro')} maxWidth={1200}>
      <Loaded query={users}>
        {(rows) => (
          <DataTable
            label={t('operator.users.title')}
            testId="operator-users"
            rows={rows}
            rowKey={(row) => row.id}
            initialSort={{ id: 'email' }}
            columns={[
              userEmailColumn(t),
              {
                id: 'name',
                header: t('operator.columns.name'),
                width: 180,
                value: (row) => `${row.name} ${row.family_name}`.trim(),
              },
              clientColumn(t, { id: 'client', width: 200 }, 'id_client', 'client_name'),
              {
                id: 'type',
                header: t('operator.columns.type'),
                width: 170,
                value: (row) => t(userTypeKey(row.type)),
              },
              countColumn(t, 'sessions', 110),
              {
                id: 'created_at',
                header: t('operator.columns.created'),
                width: 180,
                value: (row) => row.created_at,
                text: (row) => format.dateTime(row.created_at),
              },
            ]}
          />
        )}
      </Loaded>
    </PageFrame>
  )
}

/** /admin/adminus/users/{id}: one user of any account. */
export function OperatorUserScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const id = Number(useParams().id)
  const users = useOperatorUsers()
  const user = users.data?.find((row) => row.id === id)
  return (
    <PageFrame
      title={user?.email ?? t('operator.users.title')}
      back={{ to: '/admin/adminus/users', label: t('operator.users.title') }}
      maxWidth={800}
    >
      <Loaded query={users}>
        {() =>
          user ? (
            <Card withBorder radius="md" padding="md">
              <Stack gap={4}>
                <Title order={3}>{`${user.name} ${user.family_name}`.trim() || user.email}</Title>
                <Text size="sm">
                  {t('operator.columns.email')}: {user.email}
                </Text>
                <Text size="sm">
                  {t('operator.columns.phone')}: {user.phone || '—'}
                </Text>
                <Text size="sm">
                  {t('operator.columns.client')}:{' '}
                  <DetailLink to={`/admin/adminus/clients/${user.id_client}`}>{user.client_name}</DetailLink>
                </Text>
                <Text size="sm">
                  {t('operator.columns.type')}: {t(userTypeKey(user.type))}
                </Text>
                <Text size="sm">
                  {t('operator.columns.sessions')}: {user.sessions}
                </Text>
                <Text size="sm">
                  {t('operator.columns.created')}: {format.dateTime(user.created_at)}
                </Text>
                {user.invited && <Text size="sm">{t('operator.users.invited')}</Text>}
              </Stack>
            </Card>
          ) : (
            <Text>{t('errors.not_found')}</Text>
          )
        }
      </Loaded>
    </PageFrame>
  )
}
