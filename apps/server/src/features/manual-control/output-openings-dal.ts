import { busyManualStatuses, planStatus } from '@kropla/domain'
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { manual_opens, outputs_plans } from '../../db/schema'

/**
 * `outputsOpenings` of `/api/me`: what holds each output now, a busy manual opening (`manual`, id
 * of the `manual_opens` row) or a running output plan (`plan`, id of the `outputs_plans` row).
 * `close_at` null: open until closed.
 */
export interface OutputOpening {
  id_output: number
  source: 'manual' | 'plan'
  id: number
  status: number
  open_at: string
  close_at: string | null
  id_schedule: number | null
}

export async function listOutputOpenings(db: Executor, idClient: number, at: Date): Promise<OutputOpening[]> {
  const manual = await db
    .select()
    .from(manual_opens)
    .where(and(eq(manual_opens.id_client, idClient), inArray(manual_opens.status, [...busyManualStatuses])))
    .orderBy(asc(manual_opens.id))
  const end = sql`${outputs_plans.open_at} + ${outputs_plans.duration} * interval '1 minute'`
  const plans = await db
    .select()
    .from(outputs_plans)
    .where(
      and(
        eq(outputs_plans.id_client, idClient),
        or(
          inArray(outputs_plans.status, [planStatus.sent, planStatus.running]),
          and(
            eq(outputs_plans.status, planStatus.planned),
            sql`${outputs_plans.open_at} <= ${at.toISOString()}::timestamptz`,
            sql`${end} > ${at.toISOString()}::timestamptz`,
          ),
        ),
      ),
    )
    .orderBy(asc(outputs_plans.open_at), asc(outputs_plans.id))
  return [
    ...manual.map((row) => ({
      id_output: row.id_output,
      source: 'manual' as const,
      id: row.id,
      status: row.status,
      open_at: row.open_at.toISOString(),
      close_at: row.close_at?.toISOString() ?? null,
      id_schedule: null,
    })),
    ...plans.map((row) => ({
      id_output: row.id_output,
      source: 'plan' as const,
      id: row.id,
      status: row.status,
      open_at: row.open_at.toISOString(),
      close_at: new Date(row.open_at.getTime() + row.duration * 60_000).toISOString(),
      id_schedule: row.id_schedule,
    })),
  ]
}
