import type { TrafficMinute } from '@kropla/domain'
import { Alert, Box, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { DataTable } from '../../app/ui/DataTable'
import { PageFrame } from '../../app/ui/PageFrame'
import { PendingState } from '../../app/ui/PendingState'
import { useUserFormat } from '../session/use-user-format'
import { useActiveSockets, useSupervisorTraffic } from './supervisor-api'

const minutesShown = 30

function TrafficBars({ minutes }: { minutes: TrafficMinute[] }) {
  const { t } = useTranslation()
  const top = Math.max(1, ...minutes.map((minute) => Math.max(minute.ingest, minute.commands)))
  const bar = (value: number, color: string) => (
    <Box
      style={{ height: `${(value / top) * 100}%`, minHeight: value ? 2 : 0, background: color, flex: 1 }}
      aria-hidden="true"
    />
  )
  return (
    <Stack gap={4}>
      <Group gap={2} align="flex-end" h={120} wrap="nowrap" data-testid="traffic-bars">
        {minutes.map((minute) => (
          <Group
            key={minute.minute}
            gap={1}
            align="flex-end"
            h="100%"
            wrap="nowrap"
            style={{ flex: 1 }}
            title={t('supervisor.minute_title', {
              time: minute.minute.slice(11, 16),
              ingest: minute.ingest,
              commands: minute.commands,
              rejected: minute.rejected,
            })}
          >
            {bar(minute.ingest, 'var(--mantine-color-blue-8)')}
            {bar(minute.commands, 'var(--mantine-color-orange-9)')}
          </Group>
        ))}
      </Group>
      <Group gap="md">
        <Text size="sm">
          <Box component="span" c="blue.8" aria-hidden="true">
            ■{' '}
          </Box>
          {t('supervisor.ingest')}
        </Text>
        <Text size="sm">
          <Box component="span" c="orange.9" aria-hidden="true">
            ■{' '}
          </Box>
          {t('supervisor.commands')}
        </Text>
      </Group>
    </Stack>
  )
}

/** /supervisor (Adminus): who is connected, from where, since when; the module traffic live. */
export function SupervisorScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const sockets = useActiveSockets()
  const traffic = useSupervisorTraffic(minutesShown)
  const sum = (key: 'ingest' | 'commands' | 'rejected') =>
    (traffic.data?.minutes ?? []).reduce((total, minute) => total + minute[key], 0)
  const failure = sockets.error ?? traffic.error
  return (
    <PageFrame title={t('supervisor.title')} intro={t('supervisor.intro')} maxWidth={1300}>
      {failure && (
        <Alert color="red" title={t('errors.task_failed')}>
          {failure.message}
        </Alert>
      )}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={3}>{t('supervisor.traffic_title', { minutes: minutesShown })}</Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Text size="sm">{t('supervisor.ingest_total', { n: sum('ingest') })}</Text>
            <Text size="sm">{t('supervisor.commands_total', { n: sum('commands') })}</Text>
            <Text size="sm">{t('supervisor.rejected_total', { n: sum('rejected') })}</Text>
          </SimpleGrid>
          {traffic.data ? <TrafficBars minutes={traffic.data.minutes} /> : <PendingState />}
        </Stack>
      </Card>
      <Title order={3}>{t('supervisor.sockets_title')}</Title>
      {sockets.data ? (
        <DataTable
          label={t('supervisor.sockets_title')}
          testId="active-sockets"
          height={360}
          rows={sockets.data}
          rowKey={(row) => row.id}
          initialSort={{ id: 'connected_at', desc: true }}
          columns={[
            { id: 'email', header: t('operator.columns.email'), width: 240, value: (row) => row.email },
            {
              id: 'client',
              header: t('operator.columns.client'),
              width: 180,
              value: (row) => row.client_name,
            },
            { id: 'address', header: t('supervisor.address'), width: 150, value: (row) => row.address },
            {
              id: 'connected_at',
              header: t('supervisor.since'),
              width: 180,
              value: (row) => row.connected_at,
              text: (row) => format.dateTime(row.connected_at),
            },
            { id: 'browser', header: t('supervisor.browser'), width: 320, value: (row) => row.user_agent },
          ]}
        />
      ) : (
        <PendingState />
      )}
      <Title order={3}>{t('supervisor.last_title')}</Title>
      {traffic.data ? (
        <DataTable
          label={t('supervisor.last_title')}
          testId="last-messages"
          height={360}
          rows={traffic.data.last}
          rowKey={(row) => `${row.at}${row.serial}${row.kind}${row.direction}`}
          columns={[
            {
              id: 'at',
              header: t('supervisor.time'),
              width: 180,
              value: (row) => row.at,
              text: (row) => format.dateTime(row.at),
            },
            {
              id: 'direction',
              header: t('supervisor.direction'),
              width: 150,
              value: (row) => row.direction,
              text: (row) => t(row.direction === 'in' ? 'supervisor.in' : 'supervisor.out'),
            },
            { id: 'serial', header: t('operator.columns.serial'), width: 170, value: (row) => row.serial },
            { id: 'kind', header: t('supervisor.kind'), width: 100, value: (row) => row.kind },
            {
              id: 'accepted',
              header: t('supervisor.accepted'),
              width: 110,
              align: 'right',
              value: (row) => row.accepted,
            },
            {
              id: 'rejected',
              header: t('supervisor.rejected'),
              width: 110,
              align: 'right',
              value: (row) => row.rejected,
            },
          ]}
        />
      ) : null}
    </PageFrame>
  )
}
