import { type ReportAnswer, type ReportRequest, reportRequestSchema } from '@kropla/domain'
import { Alert, Button, Group, Loader, Progress, SegmentedControl, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { FailureAlert } from '../../app/ui/FailureAlert'
import { PageFrame } from '../../app/ui/PageFrame'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { farmZones } from '../farm-zone/farm-zone'
import { useSession } from '../session/use-session'
import { requestToSearch } from './creator-form'
import { ScheduleReportChart, SeriesReportChart } from './ReportChart'
import { IrrigationReportTables, ScheduleReportTable, SeriesReportTables } from './ReportTables'
import { formatSize, useReportFormat } from './use-report-format'
import { useReportExport, useReportGeneration } from './use-report-jobs'

/** The request a view address holds (`?request=<json>`), or null. */
export function requestOfSearch(params: URLSearchParams): ReportRequest | null {
  const raw = params.get('request')
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    return reportRequestSchema.safeParse(value).success ? (value as ReportRequest) : null
  } catch {
    return null
  }
}

/** The bar that follows a download: its share of the range when known, else the bytes so far. */
function DownloadBar({
  label,
  share,
  onCancel,
  cancelLabel,
  testId,
}: {
  label: string
  share: number | null
  onCancel: () => void
  cancelLabel: string
  testId: string
}) {
  return (
    <Stack gap={4} data-testid={testId} maw={480}>
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden />
        <Text size="sm" role="status" aria-live="polite">
          {label}
        </Text>
      </Group>
      <Progress
        value={share === null ? 100 : Math.round(share * 100)}
        animated={share === null}
        striped={share === null}
        aria-label={label}
      />
      <Button variant="default" onClick={onCancel} w="fit-content">
        {cancelLabel}
      </Button>
    </Stack>
  )
}

function ExportControl({ request }: { request: ReportRequest }) {
  const { t, i18n } = useTranslation()
  const { status, start, cancel } = useReportExport(request)
  if (status.state === 'running') {
    const { share, bytes } = status.progress
    const label =
      share === null
        ? t('reports.exporting_size', { size: formatSize(bytes, i18n.language) })
        : t('reports.exporting', { percent: Math.round(share * 100) })
    return (
      <DownloadBar
        label={label}
        share={share}
        onCancel={cancel}
        cancelLabel={t('reports.export_cancel')}
        testId="export-progress"
      />
    )
  }
  return (
    <Stack gap={4}>
      <Button variant="light" onClick={() => void start()} w="fit-content">
        {t('reports.export')}
      </Button>
      {status.state === 'done' && (
        <Text size="sm" role="status" data-testid="export-done">
          {t('reports.export_done', { name: status.fileName })}
        </Text>
      )}
      {status.state === 'failed' && (
        <Alert color="red" role="alert" data-testid="export-failed">
          {t('reports.export_failed')}
        </Alert>
      )}
    </Stack>
  )
}

function ReportHeader({ report }: { report: ReportAnswer }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const { format } = useReportFormat(report.time_zone)
  const range = (from: string, to: string) =>
    t('reports.range', { from: format.dateTime(Date.parse(from)), to: format.dateTime(Date.parse(to)) })
  const previous = report.kind === 'series' ? report.previous : null
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="report-range">
        {range(report.start_date, report.end_date)}
      </Text>
      {previous && (
        <Text size="sm" data-testid="previous-range">
          {t('reports.previous_range', {
            from: format.dateTime(Date.parse(previous.start_date)),
            to: format.dateTime(Date.parse(previous.end_date)),
          })}
        </Text>
      )}
      <FarmZoneNote zones={farmZones(report.time_zone, user.time_zone)} />
      {report.failed_sources.length > 0 && (
        <Alert color="orange" role="alert" data-testid="failed-sources">
          {t('reports.failed_sources', {
            names: report.failed_sources.map((source) => source.name).join(', '),
          })}
        </Alert>
      )}
    </Stack>
  )
}

function ReportContent({ report, request }: { report: ReportAnswer; request: ReportRequest }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const view = params.get('view') === 'table' ? 'table' : 'chart'
  const typeLabel = t(`reports.types.${report.type}`, { defaultValue: report.type })
  const hasChart = report.kind !== 'irrigation'
  const shown = hasChart ? view : 'table'
  return (
    <Stack gap="md">
      <ReportHeader report={report} />
      {hasChart && (
        <SegmentedControl
          aria-label={t('reports.view')}
          value={shown}
          onChange={(value) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current)
                next.set('view', value)
                return next
              },
              { replace: true },
            )
          }
          data={[
            { value: 'chart', label: t('reports.view_chart') },
            { value: 'table', label: t('reports.view_table') },
          ]}
          w="fit-content"
        />
      )}
      {shown === 'chart' && report.kind === 'series' && (
        <SeriesReportChart report={report} typeLabel={typeLabel} />
      )}
      {shown === 'chart' && report.kind === 'schedule' && <ScheduleReportChart report={report} />}
      {shown === 'table' && report.kind === 'series' && (
        <SeriesReportTables report={report} isAggregate={request.aggregate === true} />
      )}
      {shown === 'table' && report.kind === 'schedule' && <ScheduleReportTable report={report} />}
      {report.kind === 'irrigation' && <IrrigationReportTables report={report} />}
    </Stack>
  )
}

/**
 * /reports/view: the report of the request in the address, generated with a progress bar and a
 * way to cancel; then its chart and its tables, the CSV export, and the sources that failed.
 */
export function ReportViewScreen() {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const raw = params.get('request')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the request is the address's text
  const request = useMemo(() => requestOfSearch(params), [raw])
  const { query, progress, cancel } = useReportGeneration(request)
  const creator = request ? `/reports?${requestToSearch(request)}` : '/reports'
  const typeLabel = request ? t(`reports.types.${request.type}`, { defaultValue: request.type }) : ''

  const onCancel = async () => {
    await cancel()
    notifications.show({ color: 'gray', message: t('reports.cancelled') })
    navigate(creator)
  }

  return (
    <PageFrame
      title={request ? t('reports.view_title', { type: typeLabel }) : t('nav.report_view')}
      back={{ to: creator, label: t('reports.back_to_creator') }}
      maxWidth={1400}
    >
      {!request && (
        <Alert color="orange" role="alert">
          {t('reports.errors.request')}
        </Alert>
      )}
      {request && query.isPending && query.fetchStatus === 'fetching' && (
        <DownloadBar
          label={
            progress.bytes > 0
              ? `${t('reports.generating')} ${t('reports.received', { size: formatSize(progress.bytes, i18n.language) })}`
              : t('reports.generating')
          }
          share={null}
          onCancel={() => void onCancel()}
          cancelLabel={t('reports.cancel')}
          testId="report-progress"
        />
      )}
      {request && query.isError && (
        <Stack gap="xs">
          <Text fw={600}>{t('reports.failed')}</Text>
          <FailureAlert error={query.error} testId="report-failed" />
          <Button variant="default" w="fit-content" onClick={() => void query.refetch()}>
            {t('app.retry')}
          </Button>
        </Stack>
      )}
      {request && query.data && (
        <>
          <ExportControl request={request} />
          <ReportContent report={query.data} request={request} />
        </>
      )}
    </PageFrame>
  )
}
