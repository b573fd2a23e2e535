import { manualStatus, planStatus, scheduleTypes } from '@kropla/domain'
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, min, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../db/executor'
import { manual_opens, outputs_plans, schedules } from '../db/schema'

export type ScheduleRecord = typeof schedules.$inferSelect

/** Plans that still hold their output: planned, sent or running. */
const holdingStatuses = [planStatus.planned, planStatus.sent, planStatus.running]

/**
 * What the planner and the schedule preview read of `schedules` and `outputs_plans` (and, for what
 * holds outputs, `manual_opens`), and how far each schedule is planned. Plans are written through
 * outputs-plans-dal.ts. On the database or inside a transaction.
 */
export function createPlanningDal(db: Executor) {
  return {
    /**
     * The account's plans planned, sent or running and not over by `from`, except the planned
     * ones of `exceptPlannedOf` schedules.
     */
    heldPlans(idClient: number, from: Date, exceptPlannedOf: number[]) {
      return db
        .select({
          id_output: outputs_plans.id_output,
          open_at: outputs_plans.open_at,
          duration: outputs_plans.duration,
        })
        .from(outputs_plans)
        .where(
          and(
            eq(outputs_plans.id_client, idClient),
            inArray(outputs_plans.status, holdingStatuses),
            gt(sql`${outputs_plans.open_at} + ${outputs_plans.duration} * interval '1 minute'`, from),
            exceptPlannedOf.length === 0
              ? undefined
              : sql`not (${outputs_plans.status} = ${planStatus.planned} and coalesce(${inArray(outputs_plans.id_schedule, exceptPlannedOf)}, false))`,
          ),
        )
    },

    /** The account's manual openings still in progress (minutes null: permanent). */
    busyManualOpenings(idClient: number) {
      return db
        .select({
          id_output: manual_opens.id_output,
          open_at: manual_opens.open_at,
          minutes: manual_opens.minutes,
        })
        .from(manual_opens)
        .where(and(eq(manual_opens.id_client, idClient), lte(manual_opens.status, manualStatus.cancelled)))
    },

    /** The earliest nominal time of a schedule's planned runs opening at `at` or later (null: none). */
    async earliestPlannedFrom(idSchedule: number, at: Date): Promise<Date | null> {
      const [row] = await db
        .select({ earliest: min(outputs_plans.planned_at) })
        .from(outputs_plans)
        .where(
          and(
            eq(outputs_plans.id_schedule, idSchedule),
            eq(outputs_plans.status, planStatus.planned),
            gte(outputs_plans.open_at, at),
          ),
        )
      return row?.earliest ?? null
    },

    /** The water sources a schedule's plans recorded. */
    async recordedWaterSources(idSchedule: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ id: outputs_plans.id_water_source })
        .from(outputs_plans)
        .where(and(eq(outputs_plans.id_schedule, idSchedule), isNotNull(outputs_plans.id_water_source)))
      return rows.flatMap((row) => (row.id === null ? [] : [row.id]))
    },

    /** The account's automatic schedules (but `exceptSchedule`) with planned runs on one of these water sources. */
    schedulesPlannedOn(idClient: number, exceptSchedule: number | null, waterSources: number[]) {
      return db
        .select()
        .from(schedules)
        .where(
          and(
            eq(schedules.id_client, idClient),
            exceptSchedule === null ? undefined : ne(schedules.id, exceptSchedule),
            gt(schedules.type, scheduleTypes.manual),
            inArray(
              schedules.id,
              db
                .selectDistinct({ id: sql<number>`${outputs_plans.id_schedule}` })
                .from(outputs_plans)
                .where(
                  and(
                    eq(outputs_plans.id_client, idClient),
                    eq(outputs_plans.status, planStatus.planned),
                    inArray(outputs_plans.id_water_source, waterSources),
                  ),
                ),
            ),
          ),
        )
    },

    /** The account's automatic schedules not deleted. */
    automaticSchedules(idClient: number): Promise<ScheduleRecord[]> {
      return db
        .select()
        .from(schedules)
        .where(
          and(
            eq(schedules.id_client, idClient),
            gt(schedules.type, scheduleTypes.manual),
            isNull(schedules.deleted_at),
          ),
        )
    },

    async schedule(idClient: number, idSchedule: number): Promise<ScheduleRecord | undefined> {
      const [schedule] = await db
        .select()
        .from(schedules)
        .where(and(eq(schedules.id, idSchedule), eq(schedules.id_client, idClient)))
      return schedule
    },

    schedulesByIds(ids: number[]): Promise<ScheduleRecord[]> {
      return db.select().from(schedules).where(inArray(schedules.id, ids))
    },

    /**
     * Automatic schedules of every account, not deleted nor ended by `at`, whose planned horizon
     * is missing or falls before `before`.
     */
    plannedShortOf(at: Date, before: Date): Promise<ScheduleRecord[]> {
      return db
        .select()
        .from(schedules)
        .where(
          and(
            gt(schedules.type, scheduleTypes.manual),
            isNull(schedules.deleted_at),
            or(isNull(schedules.ended_at), gt(schedules.ended_at, at)),
            or(isNull(schedules.planned_until), sql`${schedules.planned_until} < ${before}`),
          ),
        )
    },

    /** Serialises an account's plan writes until the transaction ends (a transaction-level advisory lock). */
    async lockAccountPlans(idClient: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`kropla:plans:${idClient}`}))`)
    },

    /** Records how far these schedules are planned. */
    async setPlannedUntil(scheduleIds: number[], horizon: Date): Promise<void> {
      await db.update(schedules).set({ planned_until: horizon }).where(inArray(schedules.id, scheduleIds))
    },
  }
}
export type PlanningDal = ReturnType<typeof createPlanningDal>
