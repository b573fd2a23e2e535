import type { FixedRun, ResolvedRun } from '@kropla/domain'
import type { Executor } from '../db/executor'
import { createPlanningDal } from './planning-dal'

const HOUR = 3_600_000
const MINUTE = 60_000

/** How far ahead the planner plans (48 h); the preview holds permanent manual openings as long. */
export const planningHorizonMs = 48 * HOUR

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
  const dal = createPlanningDal(db)
  const plans = await dal.heldPlans(idClient, from, options.exceptPlannedOf ?? [])
  const manual = await dal.busyManualOpenings(idClient)
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
