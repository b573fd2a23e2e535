import {
  type calendarQuerySchema,
  expandSchedule,
  type NominalRun,
  type OutputPlanRow,
  resolveOverlaps,
  type ScheduleHistory,
  type ScheduleInput,
  type SchedulePreview,
  type scheduleHistoryQuerySchema,
  scheduleWarnings,
} from '@kropla/domain'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { heldOpenings, plannableRuns } from '../../runtime/held-openings'
import {
  recordedWaterSources,
  replanFrom,
  sharingWaterSources,
  toExpandable,
} from '../../runtime/planned-schedules'
import { forecastMaxDays, forecastRuns } from './plan-forecast'
import { createPlansDal } from './plans-dal'
import { resolveScheduleElements } from './resolve-elements'
import { startOfDayIn } from './schedule-row'
import { createSchedulesDal } from './schedules-dal'
import { type ScheduleActor, scheduleTimeZone } from './schedules-service'

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
/** How far the preview looks ahead. */
export const previewDays = 7
/** The longest calendar range one request may ask for. */
export const calendarMaxDays = 62
/** The longest history range one request may ask for. */
export const historyMaxDays = 366
/** The id a schedule not saved yet takes in the preview: above every saved one, as it will be. */
const unsavedScheduleId = 2_147_483_647

/** Refuses a range that is empty, reversed or longer than `maxDays` (400 on `toField`). */
function range(from: Date, to: Date, maxDays: number, toField: string) {
  if (to <= from) throw rangeRefusal(toField, 'errors.too_small')
  if (to.getTime() - from.getTime() > maxDays * DAY) throw rangeRefusal(toField, 'errors.too_big')
  return { from, to }
}
const rangeRefusal = (path: string, message: string) =>
  new HttpError('validation_failed', { issues: [{ path, message }] })

/**
 * Output plans as the calendar, the schedule history and the wizard's preview see them. The
 * preview runs the planner's own steps (resolve elements, expandSchedule, resolveOverlaps against
 * the account's held openings and manual openings) so it shows the openings the planner will make.
 */
export function createSchedulePlansService(deps: { db: Db; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())

  async function momentOf(actor: ScheduleActor, value: string) {
    return value.length === 10 ? startOfDayIn(await scheduleTimeZone(deps.db, actor), value) : new Date(value)
  }

  return {
    /**
     * Spec 02 section 7: the dates exactly as asked, element runs and water-source runs apart; an
     * element run that names no element of the schedule (no `element_index`) is dropped, as the
     * original's plans without a Scheduler_element were.
     */
    async history(
      actor: ScheduleActor,
      query: z.output<typeof scheduleHistoryQuerySchema>,
    ): Promise<ScheduleHistory> {
      const { from, to } = range(
        await momentOf(actor, query.d0),
        await momentOf(actor, query.d1),
        historyMaxDays,
        'd1',
      )
      if (!(await createSchedulesDal(deps.db, actor.idClient).findEver(query.id_schedule)))
        throw new HttpError('not_found')
      const plans = await createPlansDal(deps.db, actor.idClient).ofSchedule(query.id_schedule, from, to)
      return {
        dates: { d0: query.d0, d1: query.d1 },
        Scheduler_outputs_plans: plans.filter(
          (plan) => plan.role === 'element' && plan.element_index !== null,
        ),
        Scheduler_sources_plans: plans.filter((plan) => plan.role !== 'element'),
      }
    },

    async calendar(
      actor: ScheduleActor,
      query: z.output<typeof calendarQuerySchema>,
    ): Promise<OutputPlanRow[]> {
      const { from, to } = range(
        await momentOf(actor, query.from),
        await momentOf(actor, query.to),
        calendarMaxDays,
        'to',
      )
      return createPlansDal(deps.db, actor.idClient).between(from, to)
    },

    /**
     * The calendar's runs the planner has not planned yet (see `forecastRuns`), each marked
     * `forecast: true`; the range at most 14 days long, the forecast reaching 14 days ahead.
     */
    async forecast(
      actor: ScheduleActor,
      query: z.output<typeof calendarQuerySchema>,
    ): Promise<OutputPlanRow[]> {
      const wanted = range(
        await momentOf(actor, query.from),
        await momentOf(actor, query.to),
        forecastMaxDays,
        'to',
      )
      return forecastRuns(deps.db, actor.idClient, wanted, now(), resolveScheduleElements)
    },

    /**
     * The openings of the next 7 days if the schedule were saved now; `idSchedule` is the
     * schedule being edited (its own plans give way to the new version, its pause holds).
     */
    async preview(
      actor: ScheduleActor,
      input: ScheduleInput,
      idSchedule: number | null,
    ): Promise<SchedulePreview> {
      const at = now()
      const to = new Date(at.getTime() + previewDays * DAY)
      const edited =
        idSchedule === null ? null : await createSchedulesDal(deps.db, actor.idClient).find(idSchedule)
      if (idSchedule !== null && !edited) throw new HttpError('not_found')
      const elements = await resolveScheduleElements(deps.db, actor.idClient, input.type, input.definition)
      const timeZone = await scheduleTimeZone(deps.db, actor)
      const nominal = expandSchedule(
        {
          id: idSchedule ?? unsavedScheduleId,
          type: input.type,
          priority: input.priority,
          begin_date: input.begin_date,
          expiration_date: input.expiration_date,
          time_zone: timeZone,
          paused_from: edited?.paused_from ?? null,
          paused_until: edited?.paused_until ?? null,
          ended_at: null,
          definition: input.definition,
          elements,
        },
        { from: at, to },
      )
      // As the planner: the schedules sharing a water source with this one are planned with it,
      // against the account's other held openings; only openings from now on are planned.
      const waterSources = new Set(elements.flatMap((element) => element.water_source?.id ?? []))
      if (idSchedule !== null)
        for (const id of await recordedWaterSources(deps.db, idSchedule)) waterSources.add(id)
      const partners = await sharingWaterSources(deps.db, actor.idClient, idSchedule, [...waterSources], at)
      const partnerRuns: NominalRun[] = []
      for (const partner of partners)
        partnerRuns.push(
          ...expandSchedule(await toExpandable(deps.db, partner, resolveScheduleElements), {
            from: await replanFrom(deps.db, partner.id, at),
            to,
          }),
        )
      const held = await heldOpenings(deps.db, actor.idClient, at, {
        exceptPlannedOf: [
          ...(idSchedule === null ? [] : [idSchedule]),
          ...partners.map((partner) => partner.id),
        ],
      })
      const previewed = idSchedule ?? unsavedScheduleId
      const runs = plannableRuns(resolveOverlaps([...nominal, ...partnerRuns], held), at)
        .filter((run) => run.id_schedule === previewed)
        .sort((a, b) => a.open_at.getTime() - b.open_at.getTime() || a.id_output - b.id_output)
      const ids = [...new Set(runs.map((run) => run.id_output))]
      const names = await createPlansDal(deps.db, actor.idClient).outputNames(ids)
      const nameOf = new Map(names.map((row) => [row.id, row.name]))
      return {
        from: at.toISOString(),
        to: to.toISOString(),
        runs: runs.map((run) => ({
          id_output: run.id_output,
          output_name: nameOf.get(run.id_output) ?? '',
          role: run.role,
          element_index: run.element_index,
          cycle: run.cycle,
          open_at: run.open_at.toISOString(),
          duration: run.duration,
          fertigation: run.fertigation,
        })),
        warnings: scheduleWarnings(input, at, timeZone),
      }
    },
  }
}
export type SchedulePlansService = ReturnType<typeof createSchedulePlansService>
