import { type FixedRun, manualStatus, planStatus, type ResolvedRun } from '@kropla/domain'
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { manual_opens, outputs_plans } from '../db/schema'
import type { Executor } from '../features/users/db-helpers'

const HOUR = 3_600_000
const MINUTE = 60_000

/** How far ahead the planner plans (48 h); the preview holds permanent manual openings as long. */
export const planningHorizonMs = 48 * HOUR

/** Plans that still hold their output: planned, sent or running. */
const holdingStatuses = [planStatus.planned, planStatus.sent, planStatus.running]

/**
 * What already holds an account's outputs from `from` on, as the fixed runs new runs give way to
 * in overlap resolution: its plans planned, sent or running and not over by `from`, and its manual
 * openings still in progress (a permanent one for the planning horizon). The planner and the
 * schedule preview both call this, so the preview shows what the planner will make.
 * `exceptPlannedOf`: schedules being planned anew, whose runs not sent yet give way to their new version.
 */
export async function heldOpenings(
  db: Executor,
  idClient: number,
  from: Date,
  options: { horizonMs?: number; exceptPlannedOf?: number[] } = {},
): Promise<FixedRun[]> {
  const except = options.exceptPlannedOf ?? []
  const plans = await db
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
        except.length === 0
          ? undefined
          : sql`not (${outputs_plans.status} = ${planStatus.planned} and coalesce(${inArray(outputs_plans.id_schedule, except)}, false))`,
      ),
    )
  const manual = await db
    .select({
      id_output: manual_opens.id_output,
      open_at: manual_opens.open_at,
      minutes: manual_opens.minutes,
    })
    .from(manual_opens)
    .where(and(eq(manual_opens.id_client, idClient), lte(manual_opens.status, manualStatus.cancelled)))
  const permanentMinutes = Math.ceil((options.horizonMs ?? planningHorizonMs) / MINUTE)
  return [
    ...plans,
    ...manual.map((row) => ({
      id_output: row.id_output,
      open_at: row.open_at,
      duration: row.minutes ?? permanentMinutes,
    })),
  ]
}

/** The resolved runs that are planned: none opens in the past (a late one would run short). */
export const plannableRuns = <Run extends Pick<ResolvedRun, 'open_at'>>(runs: Run[], at: Date) =>
  runs.filter((run) => run.open_at >= at)
