import { manualStatus, type OutputPlanRow, type PlanRole, planStatus } from '@kropla/domain'
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm'
import { manual_opens, outputs, outputs_plans, schedules } from '../../db/schema'
import type { Executor } from '../users/db-helpers'

const planColumns = {
  plan: outputs_plans,
  scheduler: {
    id: schedules.id,
    name: schedules.name,
    type: schedules.type,
    deleted_at: schedules.deleted_at,
  },
  output: {
    id: outputs.id,
    name: outputs.name,
    id_object: outputs.id_object,
    field_name: outputs.field_name,
  },
}

type Joined = {
  plan: typeof outputs_plans.$inferSelect
  scheduler: { id: number; name: string; type: number; deleted_at: Date | null } | null
  output: { id: number; name: string; id_object: number; field_name: string }
}

export function toOutputPlanRow({ plan, scheduler, output }: Joined): OutputPlanRow {
  return {
    id: plan.id,
    id_schedule: plan.id_schedule,
    id_output: plan.id_output,
    role: plan.role as PlanRole,
    id_water_source: plan.id_water_source,
    element_index: plan.element_index,
    cycle: plan.cycle,
    planned_at: plan.planned_at.toISOString(),
    open_at: plan.open_at.toISOString(),
    duration: plan.duration,
    fertigation: plan.fertigation,
    status: plan.status,
    confirmed_state: plan.confirmed_state,
    fertigation_confirm_state: plan.fertigation_confirm_state,
    manual_status: plan.manual_status,
    error: plan.error,
    Scheduler: scheduler && { ...scheduler, deleted_at: scheduler.deleted_at?.toISOString() ?? null },
    Output: output,
  }
}

/** Output plans of one client account, with their schedule and output. */
export function createPlansDal(db: Executor, idClient: number) {
  const joined = () =>
    db
      .select(planColumns)
      .from(outputs_plans)
      .innerJoin(outputs, eq(outputs.id, outputs_plans.id_output))
      .leftJoin(schedules, eq(schedules.id, outputs_plans.id_schedule))

  return {
    /**
     * Every plan open at some moment of [from, to): the calendar. A run that opened before `from`
     * and is still open at it belongs to the period too (a run across midnight shows on both days).
     */
    async between(from: Date, to: Date) {
      const rows = await joined()
        .where(
          and(
            eq(outputs_plans.id_client, idClient),
            lt(outputs_plans.open_at, to),
            gt(sql`${outputs_plans.open_at} + ${outputs_plans.duration} * interval '1 minute'`, from),
          ),
        )
        .orderBy(asc(outputs_plans.open_at), asc(outputs_plans.id))
      return rows.map(toOutputPlanRow)
    },

    /** One schedule's plans opening in [from, to). */
    async ofSchedule(idSchedule: number, from: Date, to: Date) {
      const rows = await joined()
        .where(
          and(
            eq(outputs_plans.id_client, idClient),
            eq(outputs_plans.id_schedule, idSchedule),
            gte(outputs_plans.open_at, from),
            lt(outputs_plans.open_at, to),
          ),
        )
        .orderBy(asc(outputs_plans.open_at), asc(outputs_plans.id))
      return rows.map(toOutputPlanRow)
    },

    /**
     * The openings already held from `from` on (planned, sent or running), as the fixed runs a
     * schedule's new runs must give way to: the planner's own rule. A schedule being edited loses
     * its planned runs to the new version (the replan deletes them), its sent or running ones stay.
     */
    async heldOpenings(from: Date, exceptSchedule: number | null) {
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
            inArray(outputs_plans.status, [planStatus.planned, planStatus.sent, planStatus.running]),
            gt(sql`${outputs_plans.open_at} + ${outputs_plans.duration} * interval '1 minute'`, from),
            exceptSchedule === null
              ? undefined
              : sql`not (${outputs_plans.id_schedule} is not distinct from ${exceptSchedule} and ${outputs_plans.status} = ${planStatus.planned})`,
          ),
        )
        .orderBy(asc(outputs_plans.open_at))
    },

    /** Manual openings still holding their output (status 4 or lower); permanent ones for `permanentMinutes`. */
    async manualOpenings(permanentMinutes: number) {
      const rows = await db
        .select({
          id_output: manual_opens.id_output,
          open_at: manual_opens.open_at,
          minutes: manual_opens.minutes,
        })
        .from(manual_opens)
        .where(and(eq(manual_opens.id_client, idClient), lte(manual_opens.status, manualStatus.cancelled)))
      return rows.map((row) => ({
        id_output: row.id_output,
        open_at: row.open_at,
        duration: row.minutes ?? permanentMinutes,
      }))
    },
  }
}
