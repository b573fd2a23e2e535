import { type OutputPlanRow, planRunKey, planStatus, resolveOverlaps } from '@kropla/domain'
import type { Executor } from '../../db/executor'
import { heldOpenings, plannableRuns } from '../../runtime/held-openings'
import {
  expandableSchedules,
  extensionFrom,
  nominalRunsOf,
  type ResolveElements,
} from '../../runtime/planned-schedules'
import { createPlansDal } from './plans-dal'

const DAY = 24 * 3_600_000
/** How far ahead the calendar forecasts runs: the expansion never reaches past now + 14 days. */
export const forecastMaxDays = 14

/**
 * The runs the planner has not planned yet but will, opening in [from, to): every expandable
 * schedule of the account expanded from where the planner's next extension starts (its planned
 * horizon) to the end of the range, resolved together against what already holds the outputs, as
 * one horizon extension of the account would (priority, overlaps, one water-source opening shared
 * by the schedules it feeds). The schedules' own time zones place the days, as in the planner.
 * Runs already stored (the planner's unique key) are left out; none opens before `at`.
 */
export async function forecastRuns(
  db: Executor,
  idClient: number,
  range: { from: Date; to: Date },
  at: Date,
  resolveElements: ResolveElements,
): Promise<OutputPlanRow[]> {
  const end = new Date(Math.min(range.to.getTime(), at.getTime() + forecastMaxDays * DAY))
  if (end <= at || end <= range.from) return []
  const schedules = await expandableSchedules(db, idClient, at)
  const work = schedules
    .map((schedule) => ({ schedule, from: extensionFrom(schedule, at), to: end }))
    .filter(({ from, to }) => from < to)
  if (work.length === 0) return []
  const nominal = await nominalRunsOf(db, work, resolveElements)
  const resolved = plannableRuns(resolveOverlaps(nominal, await heldOpenings(db, idClient, at)), at)
  const inRange = resolved.filter(
    (run) => run.open_at < end && run.open_at.getTime() + run.duration * 60_000 > range.from.getTime(),
  )
  if (inRange.length === 0) return []
  const plans = createPlansDal(db, idClient)
  const stored = new Set((await plans.between(range.from, end)).map(planRunKey))
  const outputs = new Map(
    (await plans.outputRefs([...new Set(inRange.map((run) => run.id_output))])).map((output) => [
      output.id,
      output,
    ]),
  )
  const scheduleOf = new Map(schedules.map((schedule) => [schedule.id, schedule]))
  const rows: OutputPlanRow[] = []
  for (const run of inRange.sort(
    (a, b) => a.open_at.getTime() - b.open_at.getTime() || a.id_output - b.id_output,
  )) {
    const output = outputs.get(run.id_output)
    const schedule = scheduleOf.get(run.id_schedule)
    const planned_at = run.planned_at.toISOString()
    if (!output || !schedule) continue
    if (stored.has(planRunKey({ ...run, planned_at }))) continue
    rows.push({
      id: -(rows.length + 1),
      id_schedule: run.id_schedule,
      id_output: run.id_output,
      role: run.role,
      id_water_source: run.id_water_source,
      element_index: run.element_index,
      cycle: run.cycle,
      planned_at,
      open_at: run.open_at.toISOString(),
      duration: run.duration,
      fertigation: run.fertigation,
      status: planStatus.planned,
      confirmed_state: null,
      fertigation_confirm_state: null,
      manual_status: null,
      error: null,
      Scheduler: { id: schedule.id, name: schedule.name, type: schedule.type, deleted_at: null },
      Output: output,
      forecast: true,
    })
  }
  return rows
}
