import { planStatus, type ResolvedRun, resolveOverlaps } from '@kropla/domain'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { heldOpenings, plannableRuns, planningHorizonMs } from './held-openings'
import { createOutputsPlansDal, type OutputsPlansDal } from './outputs-plans-dal'
import { emitPlans, type PlanEvents } from './plan-rows'
import type { PlanRowsDal } from './plan-rows-dal'
import {
  extensionFrom,
  isExpandable,
  nominalRunsOf,
  type ResolveElements,
  recordedWaterSources,
  replanFrom,
  type ScheduleRecord,
  sharingWaterSources,
  toExpandable,
} from './planned-schedules'
import { createPlanningDal, type PlanningDal } from './planning-dal'

const HOUR = 3_600_000

export interface PlannerOptions {
  database: Database
  logger: Logger
  events: PlanEvents
  planRows: PlanRowsDal
  resolveElements: ResolveElements
  now: () => Date
  /** How far ahead runs are planned (48 h). */
  horizonMs?: number
}

/** What expansion reads of a schedule (not `planned_until`, which the planner itself moves). */
const planningFingerprint = (schedule: ScheduleRecord) =>
  JSON.stringify([
    schedule.type,
    schedule.priority,
    schedule.begin_date,
    schedule.expiration_date,
    schedule.time_zone,
    schedule.definition,
    schedule.paused_from,
    schedule.paused_until,
    schedule.ended_at,
    schedule.deleted_at,
  ])

/**
 * The planner turns schedules into output plans ahead of time (a rolling horizon of 48 h).
 * Overlaps are resolved against the plans the account already has (they keep their times); runs
 * planned together (one schedule's replan, one horizon extension of an account) are resolved among
 * themselves by priority. Plan writes of one account are serialised by a transaction-level
 * advisory lock, so a replan and a horizon extension never plan against each other's half-work.
 */
export function createPlanner(options: PlannerOptions) {
  const { database, logger, events } = options
  const horizonMs = options.horizonMs ?? planningHorizonMs
  const db = database.db
  const dal = createPlanningDal(db)

  /** Runs of schedules over their windows; a schedule whose elements no longer resolve plans nothing. */
  const nominalRuns = (work: { schedule: ScheduleRecord; from: Date; to: Date }[]) =>
    nominalRunsOf(db, work, options.resolveElements, (schedule, error) =>
      logger.warn({ err: error, schedule: schedule.id }, 'schedule not planned: its elements do not resolve'),
    )

  function insertable(idClient: number, runs: ResolvedRun[], at: Date) {
    return plannableRuns(runs, at).map((run) => ({
      id_client: idClient,
      id_schedule: run.id_schedule,
      id_output: run.id_output,
      role: run.role,
      id_water_source: run.id_water_source,
      element_index: run.element_index,
      cycle: run.cycle,
      planned_at: run.planned_at,
      open_at: run.open_at,
      duration: run.duration,
      fertigation: run.fertigation,
      status: planStatus.planned,
    }))
  }

  const insertRuns = (plans: OutputsPlansDal, idClient: number, runs: ResolvedRun[], at: Date) =>
    plans.insertRuns(insertable(idClient, runs, at))

  /** Whether the schedules are still as they were expanded (none changed meanwhile). */
  async function unchanged(plans: PlanningDal, seen: ScheduleRecord[]) {
    if (seen.length === 0) return true
    const current = await plans.schedulesByIds(seen.map((schedule) => schedule.id))
    return seen.every((schedule) => {
      const row = current.find((candidate) => candidate.id === schedule.id)
      return row !== undefined && planningFingerprint(row) === planningFingerprint(schedule)
    })
  }

  /** The water sources a schedule draws from: its elements' now, and those its plans recorded. */
  async function waterSourcesOf(schedule: ScheduleRecord | undefined, idSchedule: number) {
    const ids = new Set(await recordedWaterSources(db, idSchedule))
    if (schedule && schedule.type > 0) {
      try {
        for (const element of (await toExpandable(db, schedule, options.resolveElements)).elements)
          if (element.water_source) ids.add(element.water_source.id)
      } catch {
        // Elements that no longer resolve: the recorded water sources stand for them.
      }
    }
    return [...ids]
  }

  /**
   * After a schedule was saved, paused, unpaused, ended or deleted: its plans not sent yet are
   * deleted and planned afresh from now to the horizon, together with those of the schedules
   * sharing its water source (see `sharingWaterSources`). Plans already sent run on (the runner
   * closes them early when the schedule stops).
   */
  async function replan(idClient: number, idSchedule: number): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const at = options.now()
      const horizon = new Date(at.getTime() + horizonMs)
      const schedule = await dal.schedule(idClient, idSchedule)
      // A manual (type 0) schedule's plans were made by manual control: only a stop removes them.
      if (schedule?.type === 0 && isActive(schedule, at)) return
      const partners = await sharingWaterSources(
        db,
        idClient,
        idSchedule,
        await waterSourcesOf(schedule, idSchedule),
        at,
      )
      const replanned = [...(schedule && isExpandable(schedule, at) ? [schedule] : []), ...partners]
      const runs = await nominalRuns(
        await Promise.all(
          replanned.map(async (each) => ({
            schedule: each,
            from: await replanFrom(db, each.id, at),
            to: horizon,
          })),
        ),
      )
      const ids = [idSchedule, ...partners.map((partner) => partner.id)]
      const outcome = await db.transaction(async (tx) => {
        const txDal = createPlanningDal(tx)
        await txDal.lockAccountPlans(idClient)
        if (!(await unchanged(txDal, schedule ? [schedule, ...partners] : partners))) return null
        const plans = createOutputsPlansDal(tx)
        const deleted = await plans.deletePlanned(idClient, ids)
        const resolved = resolveOverlaps(runs, await heldOpenings(tx, idClient, at, { horizonMs }))
        const inserted = await insertRuns(plans, idClient, resolved, at)
        const planned = replanned.filter((each) => each.type > 0).map((each) => each.id)
        if (schedule && schedule.type > 0 && !planned.includes(schedule.id)) planned.push(schedule.id)
        if (planned.length) await txDal.setPlannedUntil(planned, horizon)
        return { deleted, inserted }
      })
      if (!outcome) continue
      if (outcome.deleted.length) events.deleted(idClient, outcome.deleted)
      await emitPlans(options.planRows, events, outcome.inserted)
      return
    }
    logger.warn({ schedule: idSchedule }, 'replan gave up: the schedule kept changing')
  }

  /**
   * Keeps every active schedule planned 48 h ahead: each account's schedules whose planned
   * horizon falls short are expanded over the missing window, resolved together against the
   * account's plans, and inserted (the unique index on schedule, output, role and nominal time
   * makes a repeated extension a no-op).
   */
  async function extendHorizon(): Promise<void> {
    const at = options.now()
    const horizon = new Date(at.getTime() + horizonMs)
    // Extend once a schedule's horizon is an hour short, so this is cheap when called often.
    const due = await dal.plannedShortOf(at, new Date(horizon.getTime() - HOUR))
    const byClient = new Map<number, ScheduleRecord[]>()
    for (const schedule of due)
      byClient.set(schedule.id_client, [...(byClient.get(schedule.id_client) ?? []), schedule])
    for (const [idClient, list] of byClient) {
      try {
        await extendAccount(idClient, list, at, horizon)
      } catch (error) {
        logger.error({ err: error, idClient }, 'extending the plan horizon failed')
      }
    }
  }

  async function extendAccount(idClient: number, list: ScheduleRecord[], at: Date, horizon: Date) {
    const runs = await nominalRuns(
      list.map((schedule) => ({ schedule, from: extensionFrom(schedule, at), to: horizon })),
    )
    const inserted = await db.transaction(async (tx) => {
      const txDal = createPlanningDal(tx)
      await txDal.lockAccountPlans(idClient)
      // A schedule changed meanwhile is replanned by its own change; the next pass extends it.
      if (!(await unchanged(txDal, list))) return []
      const ids = await insertRuns(
        createOutputsPlansDal(tx),
        idClient,
        resolveOverlaps(runs, await heldOpenings(tx, idClient, at, { horizonMs })),
        at,
      )
      await txDal.setPlannedUntil(
        list.map((schedule) => schedule.id),
        horizon,
      )
      return ids
    })
    await emitPlans(options.planRows, events, inserted)
  }

  return { replan, extendHorizon }
}
export type Planner = ReturnType<typeof createPlanner>

type ScheduleTimes = Pick<ScheduleRecord, 'paused_from' | 'paused_until' | 'ended_at' | 'deleted_at'>

export const isPaused = (schedule: ScheduleTimes, at: Date) =>
  schedule.paused_from !== null &&
  schedule.paused_from <= at &&
  (schedule.paused_until === null || schedule.paused_until > at)

/** Whether a schedule may have an output open at `at`: not deleted, not ended, not paused. */
export const isActive = (schedule: ScheduleTimes, at: Date) =>
  schedule.deleted_at === null &&
  (schedule.ended_at === null || schedule.ended_at > at) &&
  !isPaused(schedule, at)
