import {
  csvHeader,
  csvLine,
  type FailedReportSource,
  type IrrigationOutputInfo,
  type IrrigationReport,
  type IrrigationRun,
  type IrrigationScheduleInfo,
  manualStatus,
  type ParsedReportRequest,
  planStatus,
  type ReportSource,
  scheduleTypes,
} from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { HttpError } from '../../../app/http-errors'
import { monthPages } from '../export-pages'
import type { ReportContext, ReportGenerator } from '../report-generator'
import { dosageOf, localDaysOf, positiveProperty, roundTo, waterOf } from './irrigation-calc'
import type { IrrigationReportDal, ReportManualOpen, ReportOutput, ReportPlan } from './irrigation-report-dal'
import { localTimestamp } from './report-csv'

/** Spec 02 section 9: the irrigation report reads outputs o1-o4 of AM-411 and AM-421. */
export const irrigationReportModels: readonly string[] = ['AM-411', 'AM-421']
export const irrigationReportFields: readonly string[] = ['o1', 'o2', 'o3', 'o4']

export const isIrrigationReportOutput = (output: Pick<ReportOutput, 'model' | 'field_name'>) =>
  irrigationReportModels.includes(output.model) && irrigationReportFields.includes(output.field_name)

/** Plans listed in the report: they were sent, or their time passed in error; not cancelled, not waiting. */
const listedPlanStatuses: ReadonlySet<number> = new Set([
  planStatus.sent,
  planStatus.running,
  planStatus.error,
  planStatus.missed,
  planStatus.executed,
])
/** Plans whose water counts: sent, running or executed, without an error. */
const wateringPlanStatuses: ReadonlySet<number> = new Set([
  planStatus.sent,
  planStatus.running,
  planStatus.executed,
])

/** confirmed_state 1 (reported on) and 0 (reported off after it) both mean the module confirmed the run. */
const confirmation = (state: number | null) => (state === null ? null : true)

interface Counted extends IrrigationRun {
  /** The run's water unrounded, null when it did not water or the output has no flow. */
  exactWater: number | null
  watered: boolean
  scheduleName: string | null
}

/** A manual opening's minutes: until it closed, until now while open, else as asked. 2 decimals. */
function manualMinutes(open: ReportManualOpen, now: Date): number {
  const openAt = open.open_at.getTime()
  if (open.closed_at) return roundTo(Math.max(0, open.closed_at.getTime() - openAt) / 60_000, 2)
  if (open.status <= manualStatus.cancelled) {
    const until = Math.min(open.close_at?.getTime() ?? now.getTime(), now.getTime())
    return roundTo(Math.max(0, until - openAt) / 60_000, 2)
  }
  return open.minutes ?? 0
}

/** The account's outputs the sources name (o1-o4 of AM-411 and AM-421), and the sources that failed. */
export async function irrigationOutputsOf(
  dal: IrrigationReportDal,
  idClient: number,
  sources: readonly ReportSource[],
): Promise<{ outputs: ReportOutput[]; failed: FailedReportSource[] }> {
  const byId = new Map(
    (
      await dal.outputsById(
        idClient,
        sources.flatMap((source) => source.id_output ?? []),
      )
    ).map((output) => [output.id, output]),
  )
  const terminals = sources.flatMap((source) =>
    source.id_output === undefined && source.id !== undefined
      ? [...(source.field ? [source.field] : []), ...(source.fields ?? [])].map((field) => ({
          id_object: source.id!,
          field,
        }))
      : [],
  )
  const byTerminal = new Map(
    (await dal.outputsByTerminal(idClient, terminals)).map((output) => [
      `${output.id_object}:${output.field_name}`,
      output,
    ]),
  )
  const outputs = new Map<number, ReportOutput>()
  const failed: FailedReportSource[] = []
  const fail = (source: ReportSource, reason: string, found?: ReportOutput) =>
    failed.push({
      id_object: found?.id_object ?? source.id ?? null,
      id_output: found?.id ?? source.id_output ?? null,
      name: found?.name ?? source.name ?? '',
      reason,
    })
  const take = (source: ReportSource, found: ReportOutput | undefined) => {
    if (!found) fail(source, 'errors.not_found')
    else if (!isIrrigationReportOutput(found)) fail(source, 'errors.report_not_irrigation_output', found)
    else outputs.set(found.id, found)
  }
  for (const source of sources) {
    if (source.id_output !== undefined) take(source, byId.get(source.id_output))
    else {
      const fields = [...(source.field ? [source.field] : []), ...(source.fields ?? [])]
      if (source.id === undefined || fields.length === 0) fail(source, 'errors.not_found')
      for (const field of source.id === undefined ? [] : fields)
        take({ ...source, field }, byTerminal.get(`${source.id}:${field}`))
    }
  }
  return { outputs: [...outputs.values()], failed }
}

/** Every source failed: refused with each one named. */
const sourcesFailed = (context: ReportContext, failed: readonly FailedReportSource[]) =>
  new HttpError('report_sources_failed', {
    status: 404,
    issues: failed.map((source, index) => ({
      path: `sources.${index}`,
      message: `${source.name}: ${translate(context.lang, source.reason)}`.trim(),
    })),
  })

/**
 * The irrigation report (spec 02 sections 3.8 and 9): every run of the chosen outputs opening in
 * the range, planned (schedules, manual sequences) or manual, and per output and per schedule the
 * runs that watered (sent, running or executed, without an error): their minutes, water (flow ×
 * duration / 60), dosage in mm over the output's area and the daily average over the farm-local
 * days of the range.
 */
export function createIrrigationGenerator(dal: IrrigationReportDal): ReportGenerator & {
  report(context: ReportContext, request: ParsedReportRequest): Promise<IrrigationReport>
} {
  async function countedRuns(context: ReportContext, outputs: ReportOutput[], start: Date, end: Date) {
    const flowOf = new Map(outputs.map((output) => [output.id, positiveProperty(output.properties, 'flow')]))
    const ids = outputs.map((output) => output.id)
    const plans = await dal.plans(context.idClient, { outputIds: ids }, start, end)
    const manual = await dal.manualOpens(context.idClient, ids, start, end)
    const runs: Counted[] = []
    const add = (run: Omit<Counted, 'water' | 'exactWater'>) => {
      const exact = run.watered ? waterOf(flowOf.get(run.id_output) ?? null, run.duration) : null
      runs.push({ ...run, exactWater: exact, water: exact === null ? null : roundTo(exact, 4) })
    }
    for (const plan of plans as ReportPlan[]) {
      if (!listedPlanStatuses.has(plan.status)) continue
      add({
        id_output: plan.id_output,
        id_schedule: plan.id_schedule,
        open_at: plan.open_at.toISOString(),
        duration: plan.duration,
        error: plan.error ?? (plan.status === planStatus.missed ? 'plan_missed' : null),
        fertigation: plan.fertigation,
        fertigation_confirm_state: plan.fertigation ? confirmation(plan.fertigation_confirm_state) : null,
        confirmed_state: confirmation(plan.confirmed_state),
        manual: plan.schedule_type === scheduleTypes.manual,
        watered: wateringPlanStatuses.has(plan.status) && plan.error === null,
        scheduleName: plan.schedule_name,
      })
    }
    for (const open of manual) {
      if (open.status === manualStatus.awaiting_opening || open.status === manualStatus.opening) continue
      add({
        id_output: open.id_output,
        id_schedule: null,
        open_at: open.open_at.toISOString(),
        duration: manualMinutes(open, context.now),
        error: open.error,
        fertigation: false,
        fertigation_confirm_state: null,
        confirmed_state: open.status === manualStatus.error ? null : true,
        manual: true,
        watered: open.error === null,
        scheduleName: null,
      })
    }
    runs.sort((a, b) => Date.parse(a.open_at) - Date.parse(b.open_at) || a.id_output - b.id_output)
    return runs
  }

  async function build(context: ReportContext, request: ParsedReportRequest) {
    if (request.sources.length === 0) throw new HttpError('report_incorrect_data')
    const start = new Date(request.start_date)
    const end = new Date(request.end_date)
    const { outputs, failed } = await irrigationOutputsOf(dal, context.idClient, request.sources)
    if (outputs.length === 0) throw sourcesFailed(context, failed)
    const runs = await countedRuns(context, outputs, start, end)
    const days = localDaysOf(start, end, context.timeZone)
    const sumOf = (values: (number | null)[]) =>
      values.some((value) => value !== null)
        ? values.reduce<number>((sum, value) => sum + (value ?? 0), 0)
        : null

    const outputsInfo: IrrigationOutputInfo[] = outputs.map((output) => {
      const flow = positiveProperty(output.properties, 'flow')
      const area = positiveProperty(output.properties, 'area')
      const watered = runs.filter((run) => run.id_output === output.id && run.watered)
      const water = flow === null ? null : (sumOf(watered.map((run) => run.exactWater)) ?? 0)
      return {
        id_output: output.id,
        id_object: output.id_object,
        field: output.field_name,
        name: output.name,
        flow,
        area,
        runs: watered.length,
        duration: roundTo(
          watered.reduce((sum, run) => sum + run.duration, 0),
          2,
        ),
        water: water === null ? null : roundTo(water, 2),
        dosage: dosageOf(water, area),
        daily_average: water === null ? null : roundTo(water / days, 2),
      }
    })

    const schedules = new Map<number, { name: string; runs: Counted[] }>()
    for (const run of runs) {
      if (!run.watered || run.id_schedule === null) continue
      const entry = schedules.get(run.id_schedule) ?? { name: run.scheduleName ?? '', runs: [] }
      entry.runs.push(run)
      schedules.set(run.id_schedule, entry)
    }
    const schedulesInfo: IrrigationScheduleInfo[] = [...schedules.entries()]
      .map(([id, entry]) => {
        const water = sumOf(entry.runs.map((run) => run.exactWater))
        return {
          id_schedule: id,
          name: entry.name,
          runs: entry.runs.length,
          duration: roundTo(
            entry.runs.reduce((sum, run) => sum + run.duration, 0),
            2,
          ),
          water: water === null ? null : roundTo(water, 2),
        }
      })
      .sort((a, b) => a.name.localeCompare(b.name) || a.id_schedule - b.id_schedule)

    const exactTotal = sumOf(
      outputs.map((output) =>
        positiveProperty(output.properties, 'flow') === null
          ? null
          : (sumOf(runs.filter((run) => run.id_output === output.id).map((run) => run.exactWater)) ?? 0),
      ),
    )
    const result: IrrigationReport = {
      kind: 'irrigation',
      type: request.type,
      start_date: request.start_date,
      end_date: request.end_date,
      time_zone: context.timeZone,
      failed_sources: failed,
      days,
      outputs_info: outputsInfo,
      schedules_info: schedulesInfo,
      schedules_runs: runs.map(
        ({ exactWater: _exact, watered: _watered, scheduleName: _name, ...run }) => run,
      ),
      total_water: exactTotal === null ? null : roundTo(exactTotal, 2),
    }
    return result
  }

  const report = (context: ReportContext, request: ParsedReportRequest) => build(context, request)

  return {
    types: ['irrigation'],
    report,
    generate: (context, request) => report(context, request),

    /**
     * The irrigation table: one line per run, by time (spec 02 section 9, CSV), read from the
     * database a farm-local month at a time (as the series export pages), each page written before
     * the next is read.
     */
    async exportCsv(context, request, write, signal) {
      if (request.sources.length === 0) throw new HttpError('report_incorrect_data')
      const { outputs, failed } = await irrigationOutputsOf(dal, context.idClient, request.sources)
      if (outputs.length === 0) throw sourcesFailed(context, failed)
      const t = (key: string) => translate(context.lang, `report_irrigation_csv.${key}`)
      const nameOf = new Map(outputs.map((output) => [output.id, output.name]))
      await write(
        csvHeader([
          `${t('time')} (${context.timeZone})`,
          t('utc'),
          t('output'),
          t('schedule'),
          t('manual'),
          t('duration'),
          t('water'),
          t('fertigation'),
          t('fertigation_confirmed'),
          t('confirmed'),
          t('error'),
        ]),
      )
      const start = new Date(request.start_date)
      const end = new Date(request.end_date)
      for (const page of monthPages(start, end, context.timeZone)) {
        signal.throwIfAborted()
        const runs = await countedRuns(context, outputs, page.start, page.end)
        let chunk = ''
        for (const run of runs) {
          const at = new Date(run.open_at)
          chunk += csvLine([
            localTimestamp(at, context.timeZone),
            run.open_at,
            nameOf.get(run.id_output) ?? '',
            run.id_schedule === null ? null : (run.scheduleName ?? ''),
            run.manual,
            run.duration,
            run.water,
            run.fertigation,
            run.fertigation_confirm_state,
            run.confirmed_state,
            run.error === null ? null : translate(context.lang, `errors.${run.error}`),
          ])
          if (chunk.length > 65_536) {
            await write(chunk)
            chunk = ''
          }
        }
        if (chunk) await write(chunk)
      }
    },
  }
}
