import { planStatus } from '@kropla/domain'
import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { Executor } from '../db/executor'
import { outputs_plans } from '../db/schema'

// The one writer of outputs_plans (ADR 0088).
export type NewPlan = typeof outputs_plans.$inferInsert

/** What a status change may set besides the status (an absent `error` keeps the one there). */
export interface PlanTransitionSet {
  error?: string | null
  started_at?: Date
  finished_at?: Date
}

/** A run under way: sent, or running. */
const activeStatuses = [planStatus.sent, planStatus.running]

/**
 * An element run fed by a fertigation-source run on one of these outputs of the module (`e` the
 * element run, `f` the source run).
 */
const fedBySource = (idObject: number, fields: string[]) =>
  sql`from outputs_plans f join outputs o on o.id = f.id_output
       where o.id_object = ${idObject} and o.field_name = any(${sql.param(fields)}::text[])
         and f.role = 'fertigation_source' and e.role = 'element' and e.fertigation
         and e.id_client = f.id_client and e.id_water_source = f.id_water_source
         and e.open_at < f.open_at + f.duration * interval '1 minute'
         and e.open_at + e.duration * interval '1 minute' > f.open_at`

/**
 * Every write to `outputs_plans`, and the only module that makes one (outputs-plans-owner.unit.test.ts
 * fails on a write anywhere else): the planner's runs and a manual sequence's, removal of runs not
 * sent yet, the runner's status changes and commands, and what a module's reported output state
 * confirms. Each answers the ids of the plans it wrote, for the `outputs_plans` and
 * `deleted_outputs_plans` events. On the database or inside a transaction.
 */
export function createOutputsPlansDal(db: Executor) {
  const changedIds = async (statement: SQL): Promise<number[]> =>
    (await db.execute<{ id: number }>(statement)).rows.map((row) => Number(row.id))

  return {
    /** The planner's runs, skipping those the unique index (schedule, output, role, nominal time) already holds. */
    async insertRuns(rows: NewPlan[]): Promise<number[]> {
      if (rows.length === 0) return []
      const inserted = await db
        .insert(outputs_plans)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: outputs_plans.id })
      return inserted.map((row) => row.id)
    },

    /** Runs inserted as they are (a manual sequence's, made with its schedule): a duplicate fails. */
    async insert(rows: NewPlan[]): Promise<number[]> {
      if (rows.length === 0) return []
      const inserted = await db.insert(outputs_plans).values(rows).returning({ id: outputs_plans.id })
      return inserted.map((row) => row.id)
    },

    /**
     * Deletes the account's runs of these schedules not yet sent (planned) whose opening falls in
     * [from, until), either end open when null.
     */
    async deletePlanned(
      idClient: number,
      scheduleIds: number[],
      from: Date | null = null,
      until: Date | null = null,
    ): Promise<number[]> {
      const deleted = await db
        .delete(outputs_plans)
        .where(
          and(
            eq(outputs_plans.id_client, idClient),
            inArray(outputs_plans.id_schedule, scheduleIds),
            eq(outputs_plans.status, planStatus.planned),
            from ? gte(outputs_plans.open_at, from) : undefined,
            until ? lt(outputs_plans.open_at, until) : undefined,
          ),
        )
        .returning({ id: outputs_plans.id })
      return deleted.map((row) => row.id)
    },

    /**
     * Moves plans from one status to another, only those still in `from` (so of two runners only
     * one moves a plan); answers the ids it moved.
     */
    async transition(
      ids: number[],
      from: readonly number[],
      to: number,
      set: PlanTransitionSet = {},
    ): Promise<number[]> {
      if (ids.length === 0) return []
      return changedIds(sql`
        update outputs_plans
           set status = ${to}, updated_at = now(),
               error = case when ${'error' in set}::boolean then ${set.error ?? null}::text else error end,
               started_at = coalesce(${set.started_at ?? null}::timestamptz, started_at),
               finished_at = coalesce(${set.finished_at ?? null}::timestamptz, finished_at)
         where id = any(${sql.param(ids)}::bigint[]) and status = any(${sql.param([...from])}::smallint[])
         returning id`)
    },

    /** The command that opened these plans. */
    async recordCommand(ids: number[], idCommand: string): Promise<void> {
      await db.execute(
        sql`update outputs_plans set id_command = ${idCommand}, updated_at = now() where id = any(${sql.param(ids)}::bigint[])`,
      )
    },

    /** Sent or running runs on these outputs whose window is still open at `at`: confirmed open (a sent one now runs). */
    confirmOpen: (idObject: number, fields: string[], at: Date) =>
      changedIds(sql`
        update outputs_plans p
           set confirmed_state = 1, updated_at = now(),
               status = case when p.status = ${planStatus.sent}::smallint then ${planStatus.running}::smallint else p.status end
          from outputs o
         where o.id = p.id_output and o.id_object = ${idObject} and o.field_name = any(${sql.param(fields)}::text[])
           and p.status = any(${sql.param(activeStatuses)}::smallint[])
           and p.open_at + p.duration * interval '1 minute' > ${at}
           and p.confirmed_state is distinct from 1
         returning p.id`),

    /** Runs on these outputs confirmed open (running, executed or cancelled): confirmed closed. */
    confirmClosed: (idObject: number, fields: string[]) =>
      changedIds(sql`
        update outputs_plans p
           set confirmed_state = 0, updated_at = now()
          from outputs o
         where o.id = p.id_output and o.id_object = ${idObject} and o.field_name = any(${sql.param(fields)}::text[])
           and p.confirmed_state = 1
           and p.status = any(${sql.param([planStatus.running, planStatus.executed, planStatus.cancelled])}::smallint[])
         returning p.id`),

    /** Fertigated element runs open at `at` that a sent or running source run on these outputs feeds: fertigation open. */
    confirmFertigationOpen: (idObject: number, fields: string[], at: Date) =>
      changedIds(sql`
        update outputs_plans e set fertigation_confirm_state = 1, updated_at = now()
          ${fedBySource(idObject, fields)}
           and f.status = any(${sql.param(activeStatuses)}::smallint[])
           and e.status = any(${sql.param(activeStatuses)}::smallint[])
           and e.open_at <= ${at} and e.open_at + e.duration * interval '1 minute' > ${at}
           and e.fertigation_confirm_state is distinct from 1
         returning e.id`),

    /** Fertigated element runs confirmed open that a source run on these outputs feeds: fertigation closed. */
    confirmFertigationClosed: (idObject: number, fields: string[]) =>
      changedIds(sql`
        update outputs_plans e set fertigation_confirm_state = 0, updated_at = now()
          ${fedBySource(idObject, fields)}
           and e.fertigation_confirm_state = 1
         returning e.id`),
  }
}
export type OutputsPlansDal = ReturnType<typeof createOutputsPlansDal>
