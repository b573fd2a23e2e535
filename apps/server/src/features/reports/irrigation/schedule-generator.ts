import {
  csvHeader,
  csvLine,
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
import { monthPages } from '../export-pages'
import type { ReportContext, ReportGenerator } from '../report-generator'
import type { IrrigationReportDal, ReportOutput, ReportPlan } from './irrigation-report-dal'
import { localTimestamp } from './report-csv'

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

  /** The account's schedule the first source names; another account's is refused like a missing one. */
  async function scheduleOf(context: ReportContext, request: ParsedReportRequest) {
    if (request.sources.length === 0) throw new HttpError('report_incorrect_data')
    const idSchedule = request.sources[0]?.schedule?.id
    const schedule = idSchedule === undefined ? null : await dal.schedule(context.idClient, idSchedule)
    if (!schedule)
      throw new HttpError('report_sources_failed', {
        status: 404,
        issues: [{ path: 'sources.0.schedule.id', message: translate(context.lang, 'errors.not_found') }],
      })
    return schedule
  }

  async function report(context: ReportContext, request: ParsedReportRequest): Promise<ScheduleReport> {
    const schedule = await scheduleOf(context, request)
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

    /**
     * Every run of every panel, by opening time (spec 02 section 9, CSV): the schedule's plans
     * read a farm-local month at a time (as the series export pages), each page written before the
     * next is read; a panel is the plan's output in the role it had.
     */
    async exportCsv(context, request, write, signal) {
      const schedule = await scheduleOf(context, request)
      const t = (key: string) => translate(context.lang, `report_schedule_csv.${key}`)
      const zone = context.timeZone
      await write(
        csvHeader([
          `${t('time')} (${zone})`,
          t('utc'),
          `${t('closed')} (${zone})`,
          t('panel'),
          t('kind'),
          t('duration'),
          t('fertigation'),
          t('fertigation_confirmed'),
          t('confirmed'),
          t('error'),
        ]),
      )
      const names = new Map<number, string>()
      const rank: Record<PanelKind, number> = { irrigation: 0, other: 0, clear_water: 1, fertigation: 2 }
      for (const page of monthPages(new Date(request.start_date), new Date(request.end_date), zone)) {
        signal.throwIfAborted()
        const plans = (await dal.plans(context.idClient, { idSchedule: schedule.id }, page.start, page.end))
          .filter((plan) => plan.status !== planStatus.cancelled)
          .map((plan) => ({ plan, kind: panelKindOfRole(plan.role, schedule.type) }))
          .sort(
            (a, b) =>
              a.plan.open_at.getTime() - b.plan.open_at.getTime() ||
              a.plan.id_output - b.plan.id_output ||
              rank[a.kind] - rank[b.kind],
          )
        const unknown = [...new Set(plans.map(({ plan }) => plan.id_output))].filter((id) => !names.has(id))
        if (unknown.length > 0)
          for (const output of await dal.outputsById(context.idClient, unknown))
            names.set(output.id, output.name)
        let chunk = ''
        for (const { plan, kind } of plans) {
          const name = names.get(plan.id_output)
          if (name === undefined) continue
          const close = new Date(plan.open_at.getTime() + plan.duration * 60_000)
          const error = plan.error ?? (plan.status === planStatus.missed ? 'plan_missed' : null)
          chunk += csvLine([
            localTimestamp(plan.open_at, zone),
            plan.open_at.toISOString(),
            localTimestamp(close, zone),
            name,
            t(`kinds.${kind}`),
            plan.duration,
            plan.fertigation,
            plan.fertigation && plan.fertigation_confirm_state !== null ? true : null,
            plan.confirmed_state === null ? null : true,
            error === null ? null : translate(context.lang, `errors.${error}`),
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
