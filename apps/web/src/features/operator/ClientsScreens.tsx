import type { OperatorClientDetail } from '@kropla/domain'
import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { DataTable } from '../../app/ui/DataTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { SupportAccessDialog } from '../support/SupportAccessDialog'
import {
  AccessBadge,
  accessWords,
  clientColumn,
  countColumn,
  DetailLink,
  userEmailColumn,
  userTypeKey,
} from './columns'
import { useChangeClientAccess, useClient, useClients } from './operator-api'

/** /admin/adminus/clients: every client account. */
export function ClientsScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const clients = useClients()
  return (
    <PageFrame title={t('operator.clients.title')} intro={t('operator.clients.intro')} maxWidth={1200}>
      <Loaded query={clients}>
        {(rows) => (
          <DataTable
            label={t('operator.clients.title')}
            testId="operator-clients"
            rows={rows}
            rowKey={(row) => row.id}
            initialSort={{ id: 'name' }}
            columns={[
              clientColumn(t, { id: 'name', width: 220 }),
              {
                id: 'full_name',
                header: t('operator.columns.full_name'),
                width: 200,
                value: (row) => row.full_name,
              },
              { id: 'city', header: t('operator.columns.city'), width: 140, value: (row) => row.city },
              {
                id: 'state',
                header: t('operator.columns.state'),
                width: 130,
                value: (row) => accessWords(t, row),
                cell: (row) => <AccessBadge t={t} client={row} />,
              },
              {
                id: 'expires_at',
                header: t('operator.columns.expires'),
                width: 180,
                value: (row) => row.expires_at,
                text: (row) =>
                  row.expires_at ? format.dateTime(row.expires_at) : t('operator.never_expires'),
              },
              countColumn(t, 'users', 100),
              countColumn(t, 'modules', 100),
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

/** `YYYY-MM-DD` of an ISO instant (UTC), for the date field. */
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '')

function AccessCard({ client }: { client: OperatorClientDetail }) {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const format = useUserFormat()
  const [day, setDay] = useState(dayOf(client.expires_at))
  const change = useChangeClientAccess(client.id, {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('operator.clients.saved') })
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(day)
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>{t('operator.clients.access')}</Title>
          <AccessBadge t={t} client={client} />
        </Group>
        <Text size="sm">
          {client.expires_at
            ? t('operator.clients.expires_at', { date: format.dateTime(client.expires_at) })
            : t('operator.never_expires')}
        </Text>
        <Group gap="sm" wrap="wrap">
          {client.blocked ? (
            <Button
              color="green.9"
              loading={change.isPending}
              onClick={() => change.mutate({ blocked: false })}
            >
              {t('operator.clients.unblock')}
            </Button>
          ) : (
            <Button color="red.9" loading={change.isPending} onClick={() => change.mutate({ blocked: true })}>
              {t('operator.clients.block')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('operator.clients.block_hint')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('operator.clients.expiry_day')}
            description={t('operator.clients.expiry_hint')}
            value={day}
            onChange={(event) => setDay(event.currentTarget.value)}
            w={220}
          />
          <Button
            variant="light"
            disabled={!validDay}
            loading={change.isPending}
            onClick={() => change.mutate({ expires_at: `${day}T00:00:00Z` })}
          >
            {t('operator.clients.set_expiry')}
          </Button>
          <Button
            variant="default"
            disabled={!client.expires_at}
            loading={change.isPending}
            onClick={() => {
              setDay('')
              change.mutate({ expires_at: null })
            }}
          >
            {t('operator.clients.clear_expiry')}
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

/**
 * Support access from the client's own screen (issue 15 item 3): the reason dialog with this account
 * chosen. Not offered for the operator's own account; a blocked or expired one says why it cannot.
 */
function SwitchInButton({ client }: { client: OperatorClientDetail }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const [isOpen, setOpen] = useState(false)
  if (client.id === user.id_client) return null
  const unusable =
    client.blocked || (client.expires_at !== null && Date.parse(client.expires_at) <= Date.now())
  return (
    <>
      <Button
        variant="light"
        disabled={unusable}
        title={unusable ? t('support.unusable') : undefined}
        onClick={() => setOpen(true)}
        data-testid="client-switch-in"
      >
        {t('support.switch_in')}
      </Button>
      <SupportAccessDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        account={{ id: client.id, name: client.name }}
      />
    </>
  )
}

/** /admin/adminus/clients/{id}: one account, its access, users and modules. */
export function ClientScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const id = Number(useParams().id)
  const client = useClient(id)
  return (
    <PageFrame
      title={client.data?.name ?? t('operator.clients.title')}
      back={{ to: '/admin/adminus/clients', label: t('operator.clients.title') }}
      actions={client.data ? <SwitchInButton client={client.data} /> : undefined}
      maxWidth={1200}
    >
      <Loaded query={client}>
        {(data) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder radius="md" padding="md">
                <Stack gap={4}>
                  <Title order={3}>{t('operator.clients.data')}</Title>
                  <Text size="sm">{data.full_name || '—'}</Text>
                  <Text size="sm">
                    {[data.address, data.zip, data.city, data.country].filter(Boolean).join(', ')}
                  </Text>
                  <Text size="sm">
                    {t('operator.columns.tax_number')}: {data.tax_number || '—'}
                  </Text>
                  <Text size="sm">
                    {t('operator.columns.time_zone')}: {data.time_zone}
                  </Text>
                  <Text size="sm">
                    {t('operator.columns.created')}: {format.dateTime(data.created_at)}
                  </Text>
                </Stack>
              </Card>
              <AccessCard key={`${data.blocked}${data.expires_at}`} client={data} />
            </SimpleGrid>
            <Title order={3}>{t('operator.users.title')}</Title>
            <DataTable
              label={t('operator.users.title')}
              testId="client-users"
              height={320}
              rows={data.user_list}
              rowKey={(row) => row.id}
              columns={[
                userEmailColumn(t),
                {
                  id: 'name',
                  header: t('operator.columns.name'),
                  width: 180,
                  value: (row) => `${row.name} ${row.family_name}`.trim(),
                },
                {
                  id: 'type',
                  header: t('operator.columns.type'),
                  width: 210,
                  value: (row) => t(userTypeKey(row.type)),
                },
                countColumn(t, 'sessions', 110),
              ]}
            />
            <Title order={3}>{t('operator.objects.title')}</Title>
            <DataTable
              label={t('operator.objects.title')}
              testId="client-modules"
              height={320}
              rows={data.module_list}
              rowKey={(row) => row.id}
              columns={[
                {
                  id: 'serial',
                  header: t('operator.columns.serial'),
                  width: 170,
                  value: (row) => row.serial,
                  cell: (row) => (
                    <DetailLink to={`/admin/adminus/objects/${row.id}`}>{row.serial}</DetailLink>
                  ),
                },
                { id: 'name', header: t('operator.columns.name'), width: 200, value: (row) => row.name },
                { id: 'model', header: t('operator.columns.model'), width: 130, value: (row) => row.model },
                {
                  id: 'last_data_at',
                  header: t('operator.columns.last_data'),
                  width: 190,
                  value: (row) => row.last_data_at,
                  text: (row) => (row.last_data_at ? format.dateTime(row.last_data_at) : t('operator.never')),
                },
              ]}
            />
          </Stack>
        )}
      </Loaded>
    </PageFrame>
  )
}
