import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../app/ui/DataTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useUserFormat } from '../session/use-user-format'
import { clientColumn, DetailLink } from './columns'
import { useOverview } from './operator-api'

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Card>
  )
}

/** /admin/adminus: the operator's overview of the fleet and the accounts. */
export function OverviewScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const overview = useOverview()
  return (
    <PageFrame title={t('operator.overview.title')} intro={t('operator.overview.intro')} maxWidth={1200}>
      <Loaded query={overview}>
        {(data) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="operator-figures">
              <Figure label={t('operator.overview.clients')} value={data.clients.total} />
              <Figure label={t('operator.overview.blocked')} value={data.clients.blocked} />
              <Figure label={t('operator.overview.expired')} value={data.clients.expired} />
              <Figure label={t('operator.overview.users')} value={data.users} />
              <Figure label={t('operator.overview.fleet')} value={data.fleet.total} />
              <Figure label={t('operator.overview.activated')} value={data.fleet.activated} />
              <Figure label={t('operator.overview.connected')} value={data.fleet.connected} />
              <Figure label={t('operator.overview.silent')} value={data.fleet.silent} />
            </SimpleGrid>
            <Stack gap="xs">
              <Title order={3}>
                {t('operator.overview.silent_title', { hours: data.silent_after_hours })}
              </Title>
              <DataTable
                label={t('operator.overview.silent_title', { hours: data.silent_after_hours })}
                testId="silent-modules"
                height={360}
                rows={data.silent_modules}
                rowKey={(row) => row.id}
                initialSort={{ id: 'last_data_at' }}
                columns={[
                  {
                    id: 'serial',
                    header: t('operator.columns.serial'),
                    width: 170,
                    value: (row) => row.serial,
                    cell: (row) => (
                      <DetailLink to={`/admin/adminus/devices/${row.id}`}>{row.serial}</DetailLink>
                    ),
                  },
                  { id: 'name', header: t('operator.columns.name'), width: 180, value: (row) => row.name },
                  {
                    id: 'client',
                    header: t('operator.columns.client'),
                    width: 180,
                    value: (row) => row.client_name ?? '',
                  },
                  {
                    id: 'last_data_at',
                    header: t('operator.columns.last_data'),
                    width: 190,
                    value: (row) => row.last_data_at,
                    text: (row) =>
                      row.last_data_at ? format.dateTime(row.last_data_at) : t('operator.never'),
                  },
                ]}
              />
            </Stack>
            <Stack gap="xs">
              <Title order={3}>
                {t('operator.overview.expiring_title', { days: data.expiring_within_days })}
              </Title>
              <DataTable
                label={t('operator.overview.expiring_title', { days: data.expiring_within_days })}
                testId="expiring-clients"
                height={320}
                rows={data.expiring_clients}
                rowKey={(row) => row.id}
                initialSort={{ id: 'expires_at' }}
                columns={[
                  clientColumn(t, { id: 'name', width: 220 }),
                  {
                    id: 'expires_at',
                    header: t('operator.columns.expires'),
                    width: 200,
                    value: (row) => row.expires_at,
                    text: (row) => format.dateTime(row.expires_at),
                  },
                ]}
              />
            </Stack>
          </Stack>
        )}
      </Loaded>
    </PageFrame>
  )
}
