import type { OutputPlanRow } from '@kropla/domain'
import type { PlanRowsDal } from './plan-rows-dal'

/** Where plan changes go: the owning account's browsers (`outputs_plans`, `deleted_outputs_plans`). */
export interface PlanEvents {
  changed(idClient: number, rows: OutputPlanRow[]): void
  deleted(idClient: number, ids: number[]): void
}

/** Tells each owning account about these plans as they are now. */
export async function emitPlans(planRows: PlanRowsDal, events: PlanEvents, ids: readonly number[]) {
  for (const [idClient, rows] of await planRows.byClient(ids)) events.changed(idClient, rows)
}
