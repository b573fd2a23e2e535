import type {
  IrrigationReport,
  IrrigationRun,
  ReportSeries,
  ScheduleReport,
  SeriesReport,
} from '@kropla/domain'
import { Stack, Text, Title } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { type DataColumn, DataTable } from '../../app/ui/DataTable'
import { useSession } from '../session/use-session'
import { formatReportValue, numberFormat } from './report-chart-option'
import { minutesOf, useReportFormat } from './use-report-format'
import { zonedFormatter } from './zoned-format'

const blank = '–'

/** A column of a report table: its rows are indexes into the report's arrays. */
type ReportColumn = DataColumn<number>

/**
 * A report table: every row, a screenful drawn at a time, no search box (the section counts the
 * rows) and no sorting (rows stay in the report's order, by time).
 */
function ReportTable({
  label,
  rowCount,
  columns,
  testId,
  empty,
}: {
  label: string
  rowCount: number
  columns: readonly ReportColumn[]
  testId: string
  empty: string
}) {
  const rows = useMemo(() => Array.from({ length: rowCount }, (_, index) => index), [rowCount])
  return (
    <DataTable
      label={label}
      rows={rows}
      columns={columns}
      rowKey={(row) => row}
      testId={testId}
      height={420}
      searchable={false}
      sortable={false}
      density="compact"
      empty={empty}
    />
  )
}

function useNumber() {
  const { i18n } = useTranslation()
  return (value: number | null | undefined, decimals: number, unit = '') => {
    if (value === null || value === undefined || !Number.isFinite(value)) return blank
    const text = numberFormat(i18n.language, decimals).format(value)
    return unit ? `${text} ${unit}` : text
  }
}

function Section({ title, count, children }: { title: string; count: number; children: React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <Stack gap={4}>
      <Title order={3} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {t('reports.rows', { count })}
      </Text>
      {children}
    </Stack>
  )
}

const seriesWidth = (name: string) => Math.min(240, Math.max(120, name.length * 7 + 24))

/**
 * The series report's tables: every row with each series' value and unit, times in the farm's
 * zone and the user's format (dates for daily rows); the aggregated table for an aggregate
 * report; the delta table for a delta report (only the sources meeting the comparator).
 */
export function SeriesReportTables({ report, isAggregate }: { report: SeriesReport; isAggregate: boolean }) {
  const { t } = useTranslation()
  const { format, nameOf } = useReportFormat(report.time_zone)
  const number = useNumber()
  const isDays = report.grouping === 'day' || report.statistics === 'daily'
  const columns: ReportColumn[] = [
    {
      id: 'time',
      header: isDays ? t('reports.date') : t('reports.time'),
      width: isDays ? 120 : 150,
      text: (row) => {
        const time = report.timestamps[row]!
        return isDays ? format.date(time) : format.dateTime(time)
      },
    },
    ...report.series.map((series): ReportColumn => {
      const name = nameOf(series)
      return {
        id: series.key,
        header: name,
        width: seriesWidth(name),
        align: 'right',
        text: (row) => formatReportValue(series, series.values[row], format, blank),
      }
    }),
  ]
  const byKey = new Map<string, ReportSeries>(report.series.map((series) => [series.key, series]))
  const deltas = (report.delta ?? []).filter((delta) => delta.shown)
  const title = isAggregate ? t('reports.aggregated_table') : t('reports.table')
  return (
    <Stack gap="lg">
      <Section title={title} count={report.timestamps.length}>
        <ReportTable
          empty={t('reports.no_rows')}
          label={title}
          rowCount={report.timestamps.length}
          columns={columns}
          testId="report-table"
        />
      </Section>
      {report.delta && (
        <Section title={t('reports.delta_table')} count={deltas.length}>
          <ReportTable
            empty={t('reports.no_rows')}
            label={t('reports.delta_table')}
            testId="delta-table"
            rowCount={deltas.length}
            columns={[
              {
                id: 'source',
                header: t('reports.source'),
                width: 220,
                text: (row) => {
                  const series = byKey.get(deltas[row]!.key)
                  return series ? nameOf(series) : deltas[row]!.key
                },
              },
              ...(['first', 'last'] as const).map(
                (end): ReportColumn => ({
                  id: end,
                  header: t(`reports.${end}`),
                  width: 110,
                  align: 'right',
                  text: (row) => {
                    const delta = deltas[row]!
                    const series = byKey.get(delta.key)
                    return series
                      ? formatReportValue(series, delta[end], format, blank)
                      : number(delta[end], 2)
                  },
                }),
              ),
              {
                id: 'delta',
                header: t('reports.delta'),
                width: 110,
                align: 'right',
                text: (row) => number(deltas[row]!.delta, 2, '%'),
              },
            ]}
          />
        </Section>
      )}
    </Stack>
  )
}

function useRunResult() {
  const { t } = useTranslation()
  return (
    run: Pick<IrrigationRun, 'error' | 'fertigation' | 'confirmed_state' | 'fertigation_confirm_state'>,
  ) => {
    if (run.error) return t(`errors.${run.error}`, { defaultValue: run.error })
    const confirmed = run.fertigation ? run.fertigation_confirm_state : run.confirmed_state
    const state = confirmed ? t('reports.confirmed') : t('reports.not_confirmed')
    return run.fertigation ? `${t('reports.fertigation')}: ${state}` : state
  }
}

/** The irrigation report's tables: the summary per output with the total, the schedules, and every run. */
export function IrrigationReportTables({ report }: { report: IrrigationReport }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const number = useNumber()
  const result = useRunResult()
  const at = zonedFormatter(minutesOf(user.date_format), report.time_zone)
  const when = (iso: string) => at(Date.parse(iso))
  const outputs = report.outputs_info
  const schedules = report.schedules_info
  const runs = report.schedules_runs
  const outputName = new Map(outputs.map((output) => [output.id_output, output.name]))
  const scheduleName = new Map(schedules.map((schedule) => [schedule.id_schedule, schedule.name]))
  return (
    <Stack gap="lg">
      <Section title={t('reports.irrigation_summary')} count={outputs.length}>
        <ReportTable
          empty={t('reports.no_rows')}
          label={t('reports.irrigation_summary')}
          testId="irrigation-summary"
          rowCount={outputs.length}
          columns={[
            { id: 'output', header: t('reports.output'), width: 180, text: (row) => outputs[row]!.name },
            {
              id: 'flow',
              header: t('reports.flow'),
              width: 110,
              align: 'right',
              text: (row) => number(outputs[row]!.flow, 2, 'm³/h'),
            },
            {
              id: 'area',
              header: t('reports.area'),
              width: 100,
              align: 'right',
              text: (row) => number(outputs[row]!.area, 4, 'ha'),
            },
            {
              id: 'runs',
              header: t('reports.runs'),
              width: 90,
              align: 'right',
              text: (row) => number(outputs[row]!.runs, 0),
            },
            {
              id: 'duration',
              header: t('reports.duration'),
              width: 110,
              align: 'right',
              text: (row) => number(outputs[row]!.duration, 0, 'min'),
            },
            {
              id: 'water',
              header: t('reports.water'),
              width: 110,
              align: 'right',
              text: (row) => number(outputs[row]!.water, 2, 'm³'),
            },
            {
              id: 'dosage',
              header: t('reports.dosage'),
              width: 120,
              align: 'right',
              text: (row) => number(outputs[row]!.dosage, 4, 'mm'),
            },
            {
              id: 'daily',
              header: t('reports.daily_average'),
              width: 140,
              align: 'right',
              text: (row) => number(outputs[row]!.daily_average, 2, 'm³/d'),
            },
          ]}
        />
        <Text size="sm" data-testid="total-water">
          {t('reports.total_water', { water: number(report.total_water, 2, 'm³'), count: report.days })}
        </Text>
      </Section>
      <Section title={t('reports.irrigation_schedules')} count={schedules.length}>
        <ReportTable
          empty={t('reports.no_rows')}
          label={t('reports.irrigation_schedules')}
          testId="irrigation-schedules"
          rowCount={schedules.length}
          columns={[
            { id: 'name', header: t('reports.schedule'), width: 200, text: (row) => schedules[row]!.name },
            {
              id: 'runs',
              header: t('reports.runs'),
              width: 90,
              align: 'right',
              text: (row) => number(schedules[row]!.runs, 0),
            },
            {
              id: 'duration',
              header: t('reports.duration'),
              width: 110,
              align: 'right',
              text: (row) => number(schedules[row]!.duration, 0, 'min'),
            },
            {
              id: 'water',
              header: t('reports.water'),
              width: 110,
              align: 'right',
              text: (row) => number(schedules[row]!.water, 2, 'm³'),
            },
          ]}
        />
      </Section>
      <Section title={t('reports.irrigation_table')} count={runs.length}>
        <ReportTable
          empty={t('reports.no_rows')}
          label={t('reports.irrigation_table')}
          testId="irrigation-table"
          rowCount={runs.length}
          columns={[
            {
              id: 'opened',
              header: t('reports.opened'),
              width: 150,
              text: (row) => when(runs[row]!.open_at),
            },
            {
              id: 'output',
              header: t('reports.output'),
              width: 160,
              text: (row) => outputName.get(runs[row]!.id_output) ?? String(runs[row]!.id_output),
            },
            {
              id: 'schedule',
              header: t('reports.schedule'),
              width: 160,
              text: (row) => {
                const run = runs[row]!
                if (run.manual || run.id_schedule === null) return t('reports.manual')
                return scheduleName.get(run.id_schedule) ?? String(run.id_schedule)
              },
            },
            {
              id: 'duration',
              header: t('reports.duration'),
              width: 110,
              align: 'right',
              text: (row) => number(runs[row]!.duration, 0, 'min'),
            },
            {
              id: 'water',
              header: t('reports.water'),
              width: 110,
              align: 'right',
              text: (row) => number(runs[row]!.water, 4, 'm³'),
            },
            { id: 'result', header: t('reports.result'), width: 200, text: (row) => result(runs[row]!) },
          ]}
        />
      </Section>
    </Stack>
  )
}

/** The schedule report's table: every run of every element and water source, by opening time. */
export function ScheduleReportTable({ report }: { report: ScheduleReport }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const result = useRunResult()
  const at = zonedFormatter(minutesOf(user.date_format), report.time_zone)
  const when = (iso: string) => at(Date.parse(iso))
  const runs = report.panels
    .flatMap((panel) => panel.runs.map((run) => ({ ...run, panel: panel.name })))
    .sort((a, b) => Date.parse(a.open_at) - Date.parse(b.open_at))
  return (
    <Section title={t('reports.schedule_runs')} count={runs.length}>
      <ReportTable
        empty={t('reports.no_rows')}
        label={t('reports.schedule_runs')}
        testId="schedule-table"
        rowCount={runs.length}
        columns={[
          { id: 'opened', header: t('reports.opened'), width: 150, text: (row) => when(runs[row]!.open_at) },
          { id: 'closed', header: t('reports.closed'), width: 150, text: (row) => when(runs[row]!.close_at) },
          { id: 'panel', header: t('reports.panel'), width: 180, text: (row) => runs[row]!.panel },
          { id: 'result', header: t('reports.result'), width: 200, text: (row) => result(runs[row]!) },
        ]}
      />
    </Section>
  )
}
