import {
  type CredentialsCommandState,
  type FleetImportJob,
  type FleetImportReport,
  failedLoginHours,
  fleetImportEnded,
  fleetModuleSchema,
  isCommandPending,
  type OperatorModule,
  type OperatorModuleDetail,
} from '@kropla/domain'
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Modal,
  Progress,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { type DataColumn, DataTable } from '../../app/ui/DataTable'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { translateKey } from '../../lib/translate-key'
import { useUserFormat } from '../session/use-user-format'
import { DetailLink } from './columns'
import {
  useAddFleetModule,
  useDeleteActivatedModule,
  useFleet,
  useFleetImportJob,
  useFleetModule,
  useGiveModuleSecret,
  useImportFleet,
} from './operator-api'

/** A manufactured module nobody has activated is neither active nor inactive (its status column defaults to 1). */
const activationKey = (module: Pick<OperatorModule, 'activated_at' | 'status'>) =>
  module.activated_at === null
    ? 'operator.devices.not_activated'
    : module.status
      ? 'operator.devices.active'
      : 'operator.devices.inactive'

function useModuleColumns(base: 'devices' | 'objects'): DataColumn<OperatorModule>[] {
  const { t } = useTranslation()
  const format = useUserFormat()
  return [
    {
      id: 'serial',
      header: t('operator.columns.serial'),
      width: 170,
      value: (row) => row.serial,
      cell: (row) => <DetailLink to={`/admin/adminus/${base}/${row.id}`}>{row.serial}</DetailLink>,
    },
    { id: 'model', header: t('operator.columns.model'), width: 130, value: (row) => row.model },
    { id: 'name', header: t('operator.columns.name'), width: 180, value: (row) => row.name },
    {
      id: 'client',
      header: t('operator.columns.owner'),
      width: 190,
      value: (row) => row.client_name,
      text: (row) => row.client_name ?? t('operator.devices.not_activated'),
      cell: (row) =>
        row.client_name ? (
          <DetailLink to={`/admin/adminus/clients/${row.id_client}`}>{row.client_name}</DetailLink>
        ) : (
          t('operator.devices.not_activated')
        ),
    },
    {
      id: 'status',
      header: t('operator.columns.status'),
      width: 220,
      value: (row) => `${row.activated_at ? row.status : -1}${row.connection}`,
      text: (row) =>
        `${t(activationKey(row))}, ${t(
          row.connection ? 'operator.devices.connected' : 'operator.devices.disconnected',
        )}`,
    },
    {
      id: 'last_data_at',
      header: t('operator.columns.last_data'),
      width: 180,
      value: (row) => row.last_data_at,
      text: (row) => (row.last_data_at ? format.dateTime(row.last_data_at) : t('operator.never')),
    },
    {
      id: 'login',
      header: t('operator.columns.login'),
      width: 170,
      value: (row) => row.login,
      text: (row) => t(row.login === 'pin' ? 'operator.devices.login_pin' : 'operator.devices.login_secret'),
    },
    {
      id: 'last_failed_login_at',
      header: t('operator.columns.last_failed_login'),
      width: 210,
      value: (row) => row.last_failed_login_at,
      text: (row) =>
        row.last_failed_login_at ? format.dateTime(row.last_failed_login_at) : t('operator.never'),
      cell: (row) =>
        row.last_failed_login_at ? (
          <Group gap={6} wrap="nowrap">
            {row.failed_logins_recent && (
              <Badge color="red.9" variant="filled" size="sm">
                {t('operator.devices.failed_recent')}
              </Badge>
            )}
            <span>{format.dateTime(row.last_failed_login_at)}</span>
          </Group>
        ) : (
          t('operator.never')
        ),
    },
    {
      id: 'rejections',
      header: t('operator.columns.rejections'),
      width: 140,
      align: 'right',
      value: (row) => row.rejections,
    },
  ]
}

/** Which modules a fleet list shows: all, those still logging in with their PIN, those someone may be guessing. */
type LoginFilter = 'all' | 'pin' | 'failed'
const loginFilters: Record<LoginFilter, (row: OperatorModule) => boolean> = {
  all: () => true,
  pin: (row) => row.login === 'pin',
  failed: (row) => row.failed_logins_recent,
}

/** The list with its login filter (ADR 0087): the operator finds the modules to give a secret. */
function FleetTable({
  rows,
  testId,
  label,
  columns,
  initialSort,
}: {
  rows: OperatorModule[]
  testId: string
  label: string
  columns: DataColumn<OperatorModule>[]
  initialSort: { id: string }
}) {
  const { t } = useTranslation()
  const [filter, setFilter] = useState<LoginFilter>('all')
  const count = (which: LoginFilter) => rows.filter(loginFilters[which]).length
  return (
    <Stack gap="xs">
      {/* Radios wrap on a phone, where a segmented control three labels wide would not fit. */}
      <Radio.Group
        label={t('operator.devices.filter_label')}
        value={filter}
        onChange={(value) => setFilter(value as LoginFilter)}
      >
        <Group gap="md" mt={4}>
          <Radio value="all" label={t('operator.devices.filter_all', { n: count('all') })} />
          <Radio value="pin" label={t('operator.devices.filter_pin', { n: count('pin') })} />
          <Radio
            value="failed"
            label={t('operator.devices.filter_failed', { n: count('failed'), hours: failedLoginHours })}
          />
        </Group>
      </Radio.Group>
      <DataTable
        label={label}
        testId={testId}
        rows={rows.filter(loginFilters[filter])}
        rowKey={(row) => row.id}
        initialSort={initialSort}
        columns={columns}
      />
    </Stack>
  )
}

function ImportReport({ report }: { report: FleetImportReport }) {
  const { t, i18n } = useTranslation()
  if (!report.problems.length)
    return (
      <Alert
        color="green"
        title={t('operator.devices.imported', { n: report.imported })}
        data-testid="import-report"
      >
        {t('operator.devices.imported_hint')}
      </Alert>
    )
  return (
    <Alert
      color="red"
      title={t('operator.devices.import_refused', { n: report.problems.length, lines: report.lines })}
      data-testid="import-report"
    >
      <List size="sm" spacing={4}>
        {report.problems.map((problem) => (
          <List.Item key={problem.line}>
            {t('operator.devices.line', { line: problem.line, serial: problem.serial || '—' })}{' '}
            {problem.problems
              .map((item) => `${item.field}: ${translateKey(i18n, item.message, item.message)}`)
              .join('; ')}
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}

/** A large import under way in the background (ADR 0094): which step, how many lines through it. */
function ImportProgress({ job }: { job: FleetImportJob }) {
  const { t } = useTranslation()
  const label = t(
    job.state === 'importing' ? 'operator.devices.import_importing' : 'operator.devices.import_checking',
    { done: job.done_lines, lines: job.lines },
  )
  return (
    <Stack gap={4} data-testid="import-progress" aria-live="polite">
      <Text size="sm">{label}</Text>
      <Progress value={job.lines ? (job.done_lines / job.lines) * 100 : 0} aria-label={label} />
      <Text size="xs" c="dimmed">
        {t('operator.devices.import_background')}
      </Text>
    </Stack>
  )
}

function ImportCsv() {
  const { t, i18n } = useTranslation()
  const messageOf = useErrorMessage()
  const [report, setReport] = useState<FleetImportReport | null>(null)
  const [jobId, setJobId] = useState<string | null>(null)
  const failed = (message: string) =>
    notifications.show({ color: 'red', title: t('errors.task_failed'), message })
  const upload = useImportFleet({
    onSuccess: (answer) => ('id' in answer ? setJobId(answer.id) : setReport(answer)),
    onError: (error) => failed(messageOf(error)),
  })
  const job = useFleetImportJob(jobId)
  const current = jobId !== null ? job.data : undefined
  useEffect(() => {
    if (!current || !fleetImportEnded(current)) return
    setJobId(null)
    if (current.state === 'failed') failed(translateKey(i18n, current.error ?? 'errors.internal', ''))
    else setReport({ lines: current.lines, imported: current.imported, problems: current.problems })
  })
  useEffect(() => {
    if (job.error) {
      setJobId(null)
      failed(messageOf(job.error))
    }
  })
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton
          onChange={(file) => {
            setReport(null)
            if (file) upload.mutate(file)
          }}
          accept=".csv,text/csv,text/plain"
        >
          {(props) => (
            <Button {...props} loading={upload.isPending || jobId !== null} data-testid="import-csv">
              {t('operator.devices.import')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('operator.devices.import_hint')}
        </Text>
      </Group>
      {current && !fleetImportEnded(current) && <ImportProgress job={current} />}
      {report && <ImportReport report={report} />}
    </Stack>
  )
}

function AddModule({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const messageOf = useErrorMessage()
  const [values, setValues] = useState({ serial: '', pin: '', model: '' })
  const [problems, setProblems] = useState<Record<string, string>>({})
  const add = useAddFleetModule({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('operator.devices.added') })
      setValues({ serial: '', pin: '', model: '' })
      onClose()
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
  const submit = () => {
    const parsed = fleetModuleSchema.safeParse(values)
    if (!parsed.success) {
      setProblems(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            translateKey(i18n, issue.message, issue.message),
          ]),
        ),
      )
      return
    }
    setProblems({})
    add.mutate(parsed.data)
  }
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: problems[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues({ ...values, [name]: event.currentTarget.value }),
  })
  return (
    <Modal opened={opened} onClose={onClose} title={t('operator.devices.add')}>
      <Stack gap="sm">
        <TextInput label={t('operator.columns.serial')} {...field('serial')} />
        <TextInput label={t('operator.columns.pin')} {...field('pin')} />
        <TextInput
          label={t('operator.columns.model')}
          description={t('operator.devices.model_hint')}
          {...field('model')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('operator.cancel')}
          </Button>
          <Button onClick={submit} loading={add.isPending}>
            {t('operator.devices.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

/** /admin/adminus/devices: the fleet of manufactured modules, CSV import and one by one. */
export function DevicesScreen() {
  const { t } = useTranslation()
  const fleet = useFleet('devices')
  const columns = useModuleColumns('devices')
  const [adding, setAdding] = useState(false)
  return (
    <PageFrame
      title={t('operator.devices.title')}
      intro={t('operator.devices.intro')}
      maxWidth={1300}
      actions={<Button onClick={() => setAdding(true)}>{t('operator.devices.add')}</Button>}
    >
      <Card withBorder radius="md" padding="md">
        <ImportCsv />
      </Card>
      <AddModule opened={adding} onClose={() => setAdding(false)} />
      <Loaded query={fleet}>
        {(rows) => (
          <FleetTable
            label={t('operator.devices.title')}
            testId="operator-devices"
            rows={rows}
            initialSort={{ id: 'serial' }}
            columns={columns}
          />
        )}
      </Loaded>
    </PageFrame>
  )
}

/** /admin/adminus/objects: every module activated in any account; delete. */
export function ObjectsScreen() {
  const { t } = useTranslation()
  const fleet = useFleet('objects')
  const columns = useModuleColumns('objects')
  return (
    <PageFrame title={t('operator.objects.title')} intro={t('operator.objects.intro')} maxWidth={1300}>
      <Loaded query={fleet}>
        {(rows) => (
          <FleetTable
            label={t('operator.objects.title')}
            testId="operator-objects"
            rows={rows}
            initialSort={{ id: 'client' }}
            columns={columns}
          />
        )}
      </Loaded>
    </PageFrame>
  )
}

const credentialsKey = (state: CredentialsCommandState) =>
  isCommandPending(state.status)
    ? 'operator.devices.credentials_pending'
    : state.status === 10
      ? 'operator.devices.credentials_done'
      : state.status === 5
        ? 'operator.devices.credentials_rejected'
        : 'operator.devices.credentials_timed_out'

/**
 * How the module logs in, whether someone may be guessing, and "give this module a secret":
 * `down/credentials` over its own connection (ADR 0087). The secret itself is never shown.
 */
function ModuleLogin({ module }: { module: OperatorModuleDetail }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  const messageOf = useErrorMessage()
  const [confirming, setConfirming] = useState(false)
  const give = useGiveModuleSecret(module.id, {
    onSuccess: () => {
      setConfirming(false)
      notifications.show({ color: 'green', message: t('operator.devices.secret_sent') })
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
  const { credentials } = module
  const onItsWay = credentials !== null && isCommandPending(credentials.status)
  const action =
    module.login === 'pin' ? t('operator.devices.give_secret') : t('operator.devices.replace_secret')
  return (
    <Card withBorder radius="md" padding="md" data-testid="module-login">
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={3}>{t('operator.devices.login_title')}</Title>
          <Badge color={module.login === 'pin' ? 'orange.9' : 'green.9'} variant="filled">
            {t(module.login === 'pin' ? 'operator.devices.login_pin' : 'operator.devices.login_secret')}
          </Badge>
        </Group>
        <Text size="sm">
          {t(module.login === 'pin' ? 'operator.devices.login_is_pin' : 'operator.devices.login_is_secret')}
        </Text>
        {module.failed_logins_recent && module.last_failed_login_at && (
          <Alert color="red" data-testid="failed-logins">
            {t('operator.devices.failed_logins', {
              hours: failedLoginHours,
              date: format.dateTime(module.last_failed_login_at),
            })}
          </Alert>
        )}
        {credentials && (
          <Text size="sm" data-testid="credentials-state">
            {t(credentialsKey(credentials), {
              // When the module answered (done, refused); when it was sent (on its way, no answer).
              date: format.dateTime(
                credentials.status === 10 || credentials.status === 5
                  ? (credentials.acked_at ?? credentials.created_at)
                  : credentials.created_at,
              ),
            })}
          </Text>
        )}
        <Group mt="sm">
          <Button
            variant={module.login === 'pin' ? 'filled' : 'outline'}
            disabled={onItsWay}
            onClick={() => setConfirming(true)}
          >
            {action}
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={action}>
        <Stack>
          <Text>{t('operator.devices.give_secret_text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('operator.cancel')}
            </Button>
            <Button loading={give.isPending} onClick={() => give.mutate()}>
              {t('operator.devices.give_secret_confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  )
}

/** /admin/adminus/devices/{id} and objects/{id}: one module, its owner and its last ingest rejections. */
export function FleetModuleScreen({ base }: { base: 'devices' | 'objects' }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  const navigate = useNavigate()
  const messageOf = useErrorMessage()
  const id = Number(useParams().id)
  const module = useFleetModule(id)
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteActivatedModule(id, {
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('operator.objects.deleted') })
      void navigate(`/admin/adminus/${base}`)
    },
    onError: (error) =>
      notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) }),
  })
  const title = base === 'devices' ? t('operator.devices.title') : t('operator.objects.title')
  return (
    <PageFrame
      title={module.data?.serial ?? title}
      back={{ to: `/admin/adminus/${base}`, label: title }}
      maxWidth={1100}
    >
      <Loaded query={module}>
        {(data) => (
          <Stack gap="lg">
            <Card withBorder radius="md" padding="md">
              <Stack gap={4}>
                <Group justify="space-between">
                  <Title order={3}>{data.name}</Title>
                  <Badge color={data.connection ? 'green.9' : 'gray.7'} variant="filled">
                    {t(data.connection ? 'operator.devices.connected' : 'operator.devices.disconnected')}
                  </Badge>
                </Group>
                <Text size="sm">
                  {t('operator.columns.model')}: {data.model}
                  {data.firmware ? `, ${t('operator.columns.firmware')} ${data.firmware}` : ''}
                </Text>
                <Text size="sm">
                  {t('operator.columns.owner')}:{' '}
                  {data.client_name ? (
                    <DetailLink to={`/admin/adminus/clients/${data.id_client}`}>
                      {data.client_name}
                    </DetailLink>
                  ) : (
                    t('operator.devices.not_activated')
                  )}
                </Text>
                <Text size="sm">
                  {t('operator.columns.status')}: {t(activationKey(data))}
                </Text>
                <Text size="sm">
                  {t('operator.columns.last_data')}:{' '}
                  {data.last_data_at ? format.dateTime(data.last_data_at) : t('operator.never')}
                </Text>
                <Text size="sm">
                  {t('operator.columns.created')}: {format.dateTime(data.created_at)}
                </Text>
                {data.activated_at && (
                  <Text size="sm">
                    {t('operator.columns.activated')}: {format.dateTime(data.activated_at)}
                  </Text>
                )}
                <Group mt="sm">
                  <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
                    {t('operator.objects.delete')}
                  </Button>
                </Group>
              </Stack>
            </Card>
            <ModuleLogin module={data} />
            <Title order={3}>{t('operator.devices.rejections_title')}</Title>
            <DataTable
              label={t('operator.devices.rejections_title')}
              testId="module-rejections"
              height={320}
              rows={data.ingest_rejections}
              rowKey={(row) => row.reason}
              initialSort={{ id: 'last_at', desc: true }}
              columns={[
                {
                  id: 'reason',
                  header: t('operator.columns.reason'),
                  width: 180,
                  value: (row) => row.reason,
                },
                {
                  id: 'count',
                  header: t('operator.columns.count'),
                  width: 110,
                  align: 'right',
                  value: (row) => row.count,
                },
                {
                  id: 'last_at',
                  header: t('operator.columns.last_at'),
                  width: 190,
                  value: (row) => row.last_at,
                  text: (row) => format.dateTime(row.last_at),
                },
                {
                  id: 'detail',
                  header: t('operator.columns.detail'),
                  width: 300,
                  value: (row) => row.last_detail,
                },
              ]}
            />
            <Modal
              opened={confirming}
              onClose={() => setConfirming(false)}
              title={t('operator.objects.delete')}
            >
              <Stack>
                <Text>{t('operator.objects.delete_warning', { serial: data.serial })}</Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    {t('operator.cancel')}
                  </Button>
                  <Button color="red.9" loading={remove.isPending} onClick={() => remove.mutate()}>
                    {t('operator.objects.delete')}
                  </Button>
                </Group>
              </Stack>
            </Modal>
          </Stack>
        )}
      </Loaded>
    </PageFrame>
  )
}
