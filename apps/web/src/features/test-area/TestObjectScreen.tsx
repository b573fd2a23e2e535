import type { LiveDataRow, ModuleDiagnostics, ObjectSummary } from '@kropla/domain'
import { findInput, findModel } from '@kropla/domain'
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { ListTable } from '../../app/ui/ListTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { formatDateTime } from '../../lib/format-date'
import { translateKey } from '../../lib/translate-key'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { modelWording, useObject } from '../modules/objects-api'
import { offlineBannerReasonId, useNeedsServer } from '../offline/use-online'
import { useRealtimeChannel } from '../realtime/RealtimeContext'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { LiveRun } from './LiveRun'
import { batteryOf, readingsOf, signalOf } from './module-readings'
import { SecondsField, useSeconds } from './SecondsField'
import { useModuleDiagnostics, useStartTest } from './test-runs-api'

/** How many arrivals the live log keeps. */
const keptArrivals = 20

/** /test/objects/:id: a module's live diagnostics and the test of each of its outputs. */
export function TestObjectScreen() {
  const { t } = useTranslation()
  const params = useParams()
  const id = Number(params.id)
  const { objects } = useSession()
  const object = objects.find((candidate) => candidate.id === id)
  return (
    <PageFrame
      title={object?.name ?? t('test_area.objects.title')}
      back={{ to: '/test/objects', label: t('test_area.objects.title') }}
      maxWidth={1100}
    >
      {object ? (
        <ModuleDiagnosticsView key={id} object={object} />
      ) : (
        <Text data-testid="test-object-missing">{t('test_area.object.not_found')}</Text>
      )}
    </PageFrame>
  )
}

function ModuleDiagnosticsView({ object }: { object: ObjectSummary }) {
  const diagnostics = useModuleDiagnostics(object.id)
  return (
    <Stack gap="lg">
      <StateCards object={object} />
      <Loaded query={diagnostics}>
        {(data) => (
          <Stack gap="lg">
            <OutputTests object={object} diagnostics={data} />
            <LiveInputs object={object} />
            <PendingConfig id={object.id} />
            <Messages diagnostics={data} />
            <Rejections diagnostics={data} />
          </Stack>
        )}
      </Loaded>
    </Stack>
  )
}

function StateCards({ object }: { object: ObjectSummary }) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const { user } = useSession()
  const signal = signalOf(object)
  const battery = batteryOf(object)
  const unknown = t('test_area.object.unknown')
  const cards = [
    {
      key: 'connection',
      label: t('test_area.objects.connection'),
      value: (
        <Badge variant="outline" color={object.connection === 1 ? 'teal' : 'gray'}>
          {object.connection === 1 ? t('test_area.connected') : t('test_area.disconnected')}
        </Badge>
      ),
    },
    {
      key: 'signal',
      label: t('test_area.objects.signal'),
      value: signal ? format.value(signal.input, signal.value) : unknown,
    },
    {
      key: 'battery',
      label: t('test_area.objects.battery'),
      value: battery ? format.value(battery.input, battery.value) : unknown,
    },
    { key: 'firmware', label: t('test_area.object.firmware'), value: object.firmware || unknown },
    {
      key: 'last_data',
      label: t('test_area.objects.last_data'),
      value: object.last_data_at
        ? formatDateTime(object.last_data_at, user.date_format, user.client_time_zone)
        : t('test_area.never'),
    },
    {
      key: 'model',
      label: t('test_area.objects.model'),
      value: `${modelWording(i18n, object.last_device_model, 'short')} · ${object.serial}`,
    },
  ]
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="test-object-state">
      {cards.map((card) => (
        <Card key={card.key} withBorder radius="md" padding="sm" data-testid={`state-${card.key}`}>
          <Text size="xs" c="dimmed">
            {card.label}
          </Text>
          {typeof card.value === 'string' ? (
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {card.value}
            </Text>
          ) : (
            card.value
          )}
        </Card>
      ))}
    </SimpleGrid>
  )
}

function OutputTests({ object, diagnostics }: { object: ObjectSummary; diagnostics: ModuleDiagnostics }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  const seconds = useSeconds(3)
  const start = useStartTest()
  // A test commands the module: offline the banner says why it waits.
  const needsServer = useNeedsServer(offlineBannerReasonId)
  const [runId, setRunId] = useState<number | null>(null)
  const model = findModel(object.last_device_model)
  const test = (idOutput: number) => {
    const value = seconds.take()
    if (value === null) return
    start.mutate(
      { target: { kind: 'output', id: idOutput }, seconds: value },
      { onSuccess: (run) => setRunId(run.id) },
    )
  }
  return (
    <Stack gap="sm" data-testid="output-tests">
      <Title order={3}>{t('test_area.object.outputs')}</Title>
      <Text size="sm" c="dimmed">
        {t('test_area.object.outputs_intro')}
      </Text>
      {diagnostics.outputs.length === 0 ? (
        <Text size="sm">{t('test_area.object.no_outputs')}</Text>
      ) : (
        <>
          <SecondsField seconds={seconds} />
          <Group gap="sm">
            {diagnostics.outputs.map((output) => {
              const state = object.latest[output.field_name]
              return (
                <Button
                  key={output.id}
                  // A long output name wraps on a phone rather than widen the page.
                  maw="100%"
                  h="auto"
                  mih={36}
                  py={6}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  variant="light"
                  onClick={() => test(output.id)}
                  loading={
                    start.isPending &&
                    start.variables?.target.kind === 'output' &&
                    start.variables.target.id === output.id
                  }
                  data-testid={`test-output-${output.field_name}`}
                  {...needsServer}
                >
                  {`${t('test_area.object.test', { name: output.name })} (${format.value(
                    model && findInput(model, output.field_name),
                    state?.value ?? null,
                  )})`}
                </Button>
              )
            })}
          </Group>
        </>
      )}
      {start.isError && <FailureAlert error={start.error} testId="test-refused" />}
      {runId !== null && <LiveRun id={runId} />}
    </Stack>
  )
}

interface Arrival {
  /** Its place in the order of arrival on this page. */
  seq: number
  at: string
  values: [string, number | null][]
}

function LiveInputs({ object }: { object: ObjectSummary }) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const { user } = useSession()
  const zones = useFarmZones()
  const realtime = useRealtimeChannel()
  const [arrivals, setArrivals] = useState<Arrival[]>([])
  const arrived = useRef(0)
  useEffect(
    () =>
      realtime.onData((rows: LiveDataRow[]) => {
        const mine = rows.filter((row) => row.id_object === object.id)
        if (mine.length === 0) return
        setArrivals((list) =>
          [
            ...mine
              .map((row) => ({
                seq: ++arrived.current,
                at: row.dtimestamp,
                values: Object.entries(row.values),
              }))
              .reverse(),
            ...list,
          ].slice(0, keptArrivals),
        )
      }),
    [realtime, object.id],
  )
  const readings = readingsOf(object)
  const fresh = new Set(arrivals[0]?.values.map(([field]) => field) ?? [])
  const label = (field: string) => translateKey(i18n, `fields.${field}`, field)
  const when = (iso: string | null) =>
    iso ? formatDateTime(iso, user.date_format, user.client_time_zone) : ''
  const inputOf = (field: string) => readings.find((reading) => reading.field === field)?.input
  return (
    <Stack gap="sm" data-testid="live-inputs">
      <Title order={3}>{t('test_area.object.inputs')}</Title>
      <Text size="sm" c="dimmed">
        {t('test_area.object.inputs_intro')}
      </Text>
      {readings.length === 0 ? (
        <Text size="sm">{t('test_area.object.no_inputs')}</Text>
      ) : (
        <ListTable
          testId="live-inputs-table"
          minWidth={480}
          ariaLabel={t('test_area.object.inputs')}
          head={
            <>
              <Table.Th>{t('test_area.object.field')}</Table.Th>
              <Table.Th>{t('test_area.object.value')}</Table.Th>
              <Table.Th>{t('test_area.object.time')}</Table.Th>
            </>
          }
          footer={
            <Stack p="sm">
              <FarmZoneNote zones={zones} />
            </Stack>
          }
        >
          {readings.map((reading) => (
            <Table.Tr key={reading.field} data-testid={`live-input-${reading.field}`}>
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm">{label(reading.field)}</Text>
                  {fresh.has(reading.field) && (
                    <Badge size="xs" variant="light" color="blue">
                      {t('test_area.object.fresh')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="live-input-value">
                  {format.value(reading.input, reading.value)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{when(reading.at)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {arrivals.length > 0 && (
        <Stack gap={4} data-testid="live-arrivals">
          {arrivals.map((arrival) => (
            <Text key={arrival.seq} size="xs" style={{ overflowWrap: 'anywhere' }}>
              {`${when(arrival.at)} · ${arrival.values
                .map(([field, value]) => `${label(field)} ${format.value(inputOf(field), value)}`)
                .join(', ')}`}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

function PendingConfig({ id }: { id: number }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const detail = useObject(id)
  const pending = detail.data?.config_pending
  return (
    <Stack gap={4} data-testid="pending-config">
      <Title order={3}>{t('test_area.object.config')}</Title>
      {detail.data && (
        <Text size="sm">
          {pending
            ? t('test_area.object.config_pending', {
                at: formatDateTime(pending.sent_at, user.date_format, user.client_time_zone),
              })
            : t('test_area.object.config_none')}
        </Text>
      )}
    </Stack>
  )
}

function Messages({ diagnostics }: { diagnostics: ModuleDiagnostics }) {
  const { t } = useTranslation()
  const { user } = useSession()
  return (
    <Stack gap="sm" data-testid="last-messages">
      <Title order={3}>{t('test_area.object.messages')}</Title>
      <Text size="sm" c="dimmed">
        {t('test_area.object.messages_intro')}
      </Text>
      {diagnostics.messages.length === 0 ? (
        <Text size="sm">{t('test_area.object.no_messages')}</Text>
      ) : (
        <ListTable
          testId="last-messages-table"
          minWidth={560}
          ariaLabel={t('test_area.object.messages')}
          head={
            <>
              <Table.Th>{t('test_area.object.time')}</Table.Th>
              <Table.Th>{t('test_area.object.direction')}</Table.Th>
              <Table.Th>{t('test_area.object.message_kind')}</Table.Th>
              <Table.Th>{t('test_area.object.accepted')}</Table.Th>
              <Table.Th>{t('test_area.object.refused')}</Table.Th>
            </>
          }
        >
          {keyedMessages(diagnostics).map(({ key, message }) => (
            <Table.Tr key={key}>
              <Table.Td>{formatDateTime(message.at, user.date_format, user.client_time_zone)}</Table.Td>
              <Table.Td>
                {t(message.direction === 'in' ? 'test_area.object.in' : 'test_area.object.out')}
              </Table.Td>
              <Table.Td>{message.kind}</Table.Td>
              <Table.Td>{message.accepted}</Table.Td>
              <Table.Td>{message.rejected}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </Stack>
  )
}

function Rejections({ diagnostics }: { diagnostics: ModuleDiagnostics }) {
  const { t } = useTranslation()
  const { user } = useSession()
  return (
    <Stack gap="sm" data-testid="rejections">
      <Title order={3}>{t('test_area.object.rejections')}</Title>
      {diagnostics.rejections.length === 0 ? (
        <Text size="sm">{t('test_area.object.no_rejections')}</Text>
      ) : (
        <ListTable
          testId="rejections-table"
          minWidth={560}
          ariaLabel={t('test_area.object.rejections')}
          head={
            <>
              <Table.Th>{t('test_area.object.reason')}</Table.Th>
              <Table.Th>{t('test_area.object.count')}</Table.Th>
              <Table.Th>{t('test_area.object.time')}</Table.Th>
              <Table.Th>{t('test_area.object.detail')}</Table.Th>
            </>
          }
        >
          {diagnostics.rejections.map((rejection) => (
            <Table.Tr key={rejection.reason}>
              <Table.Td>{rejection.reason}</Table.Td>
              <Table.Td>{rejection.count}</Table.Td>
              <Table.Td>
                {formatDateTime(rejection.last_at, user.date_format, user.client_time_zone)}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{rejection.last_detail}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
    </Stack>
  )
}

/** The messages with a key each: the same moment, direction and kind can repeat, counted apart. */
function keyedMessages(diagnostics: ModuleDiagnostics) {
  const seen = new Map<string, number>()
  return diagnostics.messages.map((message) => {
    const base = `${message.at}|${message.direction}|${message.kind}`
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return { key: `${base}|${count}`, message }
  })
}
