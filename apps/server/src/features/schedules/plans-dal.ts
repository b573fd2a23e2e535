import type { OutputPlanRow, PlanRole } from '@kropla/domain'
import { and, asc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { outputs, outputs_plans, schedules } from '../../db/schema'

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

    /** The account's outputs among `ids`, as a plan row names them. */
    async outputRefs(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select(planColumns.output)
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, ids)))
    },

    /** The names of the account's outputs among `ids`. */
    async outputNames(ids: number[]): Promise<{ id: number; name: string }[]> {
      if (ids.length === 0) return []
      return db
        .select({ id: outputs.id, name: outputs.name })
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, ids)))
    },
  }
}
