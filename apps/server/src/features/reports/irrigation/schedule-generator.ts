import {
  isControlType,
  type ParsedReportRequest,
  planStatus,
  type ResolvedElement,
  type ScheduleDefinition,
  type SchedulePanel,
  type ScheduleReport,
} from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { HttpError } from '../../../app/http-errors'
import type { ReportContext, ReportGenerator } from '../report-generator'
import type { IrrigationReportDal, ReportOutput, ReportPlan } from './irrigation-report-dal'
import { csvHeader, csvLine, localTimestamp } from './report-csv'

/** Resolves a schedule's elements to outputs as the planner does (features/schedules/resolve-elements). */
export type ScheduleElementsResolver = (
  idClient: number,
  type: number,
  definition: Pick<ScheduleDefinition, 'elements'>,
) => Promise<ResolvedElement[]>

type PanelKind = SchedulePanel['kind']

const panelKindOfRole = (role: string, scheduleType: number): PanelKind =>
  role === 'fertigation_source'
    ? 'fertigation'
    : role === 'clean_source'
      ? 'clear_water'
      : isControlType(scheduleType)
        ? 'other'
        : 'irrigation'

/** The reported state as a step value: 1 on, 0 off, null unknown. */
const stepOf = (value: number | null) => (value === null ? null : value > 0 ? 1 : 0)

/**
 * The schedule report (spec 02 sections 3.7, 4 and 9): one panel per output of the schedule named
 * by the first source (`source.schedule.id`, the account's, deleted ones included): its elements
 * (irrigation, or other outputs for control schedules) and its water sources' outputs (clear water
 * or fertigation), each with the state its module reported, as steps, and the schedule's runs on
 * it in the range with their error, fertigation and confirmations (the browser colours them).
 * Elements and water sources are looked up on the server from the schedule as saved, together
 * with every output its plans in the range used; the request's own lists are not trusted.
 */
export function createScheduleGenerator(
  dal: IrrigationReportDal,
  resolveElements?: ScheduleElementsResolver,
): ReportGenerator & {
  report(context: ReportContext, request: ParsedReportRequest): Promise<ScheduleReport>
} {
  async function currentPanels(idClient: number, schedule: { type: number; definition: unknown }) {
    if (!resolveElements) return []
    try {
      const elements = await resolveElements(
        idClient,
        schedule.type,
        schedule.definition as Pick<ScheduleDefinition, 'elements'>,
      )
      const element: PanelKind = isControlType(schedule.type) ? 'other' : 'irrigation'
      return elements.flatMap((resolved) => [
        ...resolved.outputs.map((id) => ({ id, kind: element })),
        ...(resolved.water_source?.clean ?? []).map((id) => ({ id, kind: 'clear_water' as const })),
        ...(resolved.water_source?.fertigation ?? []).map((id) => ({ id, kind: 'fertigation' as const })),
      ])
    } catch {
      // An element removed since (or an emptied group) no longer resolves: the plans still name
      // what the schedule used in the range.
      return []
    }
  }

  async function report(context: ReportContext, request: ParsedReportRequest): Promise<ScheduleReport> {
    if (request.sources.length === 0) throw new HttpError('report_incorrect_data')
    const idSchedule = request.sources[0]?.schedule?.id
    const schedule = idSchedule === undefined ? null : await dal.schedule(context.idClient, idSchedule)
    // Another account's schedule is refused like a missing one.
    if (!schedule)
      throw new HttpError('report_sources_failed', {
        status: 404,
        issues: [{ path: 'sources.0.schedule.id', message: translate(context.lang, 'errors.not_found') }],
      })
    const start = new Date(request.start_date)
    const end = new Date(request.end_date)
    const plans = (await dal.plans(context.idClient, { idSchedule: schedule.id }, start, end)).filter(
      (plan) => plan.status !== planStatus.cancelled,
    )
    const wanted: { id: number; kind: PanelKind }[] = [
      ...(await currentPanels(context.idClient, schedule)),
      ...plans.map((plan) => ({ id: plan.id_output, kind: panelKindOfRole(plan.role, schedule.type) })),
    ]
    const seen = new Set<string>()
    const order = wanted.filter((panel) => {
      const key = `${panel.kind}:${panel.id}`
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
    // Elements first, then clear water, then fertigation sources, each in the schedule's order.
    const rank: Record<PanelKind, number> = { irrigation: 0, other: 0, clear_water: 1, fertigation: 2 }
    order.sort((a, b) => rank[a.kind] - rank[b.kind])
    const outputs = new Map<number, ReportOutput>(
      (await dal.outputsById(context.idClient, [...new Set(order.map((panel) => panel.id))])).map(
        (output) => [output.id, output],
      ),
    )
    const panels: SchedulePanel[] = []
    for (const { id, kind } of order) {
      const output = outputs.get(id)
      if (!output) continue
      const states = await dal.states(context.idClient, output.id_object, output.field_name, start, end)
      const runs = plans.filter(
        (plan: ReportPlan) => plan.id_output === id && panelKindOfRole(plan.role, schedule.type) === kind,
      )
      panels.push({
        key: `${kind}:${id}`,
        kind,
        id_output: id,
        id_object: output.id_object,
        field: output.field_name,
        name: output.name,
        states: states.map((state) => [Math.max(state.ts.getTime(), start.getTime()), stepOf(state.value)]),
        runs: runs.map((plan) => ({
          open_at: plan.open_at.toISOString(),
          close_at: new Date(plan.open_at.getTime() + plan.duration * 60_000).toISOString(),
          error: plan.error ?? (plan.status === planStatus.missed ? 'plan_missed' : null),
          fertigation: plan.fertigation,
          fertigation_confirm_state:
            plan.fertigation && plan.fertigation_confirm_state !== null ? true : null,
          confirmed_state: plan.confirmed_state === null ? null : true,
        })),
      })
    }
    return {
      kind: 'schedule',
      type: request.type,
      start_date: request.start_date,
      end_date: request.end_date,
      time_zone: context.timeZone,
      failed_sources: [],
      schedule: { id: schedule.id, name: schedule.name },
      panels,
    }
  }

  return {
    types: ['schedule'],
    report,
    generate: (context, request) => report(context, request),

    /** Every run of every panel, by opening time (spec 02 section 9, CSV). */
    async exportCsv(context, request, write, signal) {
      const result = await report(context, request)
      const t = (key: string) => translate(context.lang, `report_schedule_csv.${key}`)
      const rows = result.panels
        .flatMap((panel) => panel.runs.map((run) => ({ panel, run })))
        .sort(
          (a, b) =>
            Date.parse(a.run.open_at) - Date.parse(b.run.open_at) ||
            (a.panel.id_output ?? 0) - (b.panel.id_output ?? 0),
        )
      let chunk = csvHeader([
        `${t('time')} (${result.time_zone})`,
        t('utc'),
        `${t('closed')} (${result.time_zone})`,
        t('panel'),
        t('kind'),
        t('duration'),
        t('fertigation'),
        t('fertigation_confirmed'),
        t('confirmed'),
        t('error'),
      ])
      for (const { panel, run } of rows) {
        if (signal.aborted) return
        const open = new Date(run.open_at)
        const close = new Date(run.close_at)
        chunk += csvLine([
          localTimestamp(open, result.time_zone),
          run.open_at,
          localTimestamp(close, result.time_zone),
          panel.name,
          t(`kinds.${panel.kind}`),
          Math.round((close.getTime() - open.getTime()) / 60_000),
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
    },
  }
}
