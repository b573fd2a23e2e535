import {
  busyManualStatuses,
  type ManualOpenRow,
  manualStatus,
  planStatus,
  scheduleTypes,
} from '@kropla/domain'
import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import {
  group_outputs,
  groups,
  latest_readings,
  manual_opens,
  objects,
  outputs,
  outputs_plans,
  schedules,
} from '../../db/schema'

export type ManualOpenRecord = typeof manual_opens.$inferSelect

/** An output of the account with what a command to it needs. */
export interface OwnOutput {
  id: number
  name: string
  kind: string
  id_object: number
  field_name: string
  model: string
}

const outputRef = {
  id: outputs.id,
  name: outputs.name,
  id_object: outputs.id_object,
  field_name: outputs.field_name,
}

export function toManualOpenRow(
  row: ManualOpenRecord,
  output: { id: number; name: string; id_object: number; field_name: string },
): ManualOpenRow {
  return {
    id: row.id,
    status: row.status,
    minutes: row.minutes,
    open_at: row.open_at.toISOString(),
    close_at: row.close_at?.toISOString() ?? null,
    closed_at: row.closed_at?.toISOString() ?? null,
    error: row.error,
    Output: output,
  }
}

/** Manual openings (`manual_opens`) and what deciding on one needs; every query is scoped to an account. */
export function createManualOpensDal(db: Executor) {
  async function rows(where: ReturnType<typeof and>): Promise<ManualOpenRow[]> {
    const found = await db
      .select({ open: manual_opens, output: outputRef })
      .from(manual_opens)
      .innerJoin(outputs, eq(outputs.id, manual_opens.id_output))
      .where(where)
      .orderBy(asc(manual_opens.id))
    return found.map(({ open, output }) => toManualOpenRow(open, output))
  }

  return {
    /** The account's outputs among `ids`, with their module's model. */
    async ownOutputs(idClient: number, ids: number[]): Promise<OwnOutput[]> {
      if (ids.length === 0) return []
      return db
        .select({ ...outputRef, kind: outputs.kind, model: objects.last_device_model })
        .from(outputs)
        .innerJoin(objects, and(eq(objects.id, outputs.id_object), eq(objects.id_client, idClient)))
        .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, ids)))
        .orderBy(asc(outputs.id))
    },

    /** The outputs of one of the account's groups of outputs, or null when there is no such group. */
    async groupOutputs(idClient: number, idGroup: number): Promise<number[] | null> {
      const [group] = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.id, idGroup), eq(groups.id_client, idClient), eq(groups.scope, 'outputs')))
      if (!group) return null
      const links = await db
        .select({ id: group_outputs.id_output })
        .from(group_outputs)
        .where(eq(group_outputs.id_group, idGroup))
        .orderBy(asc(group_outputs.id_output))
      return links.map((link) => link.id)
    },

    /**
     * Outputs among `ids` that a run of an automatic schedule (type above 0) holds during
     * [from, to): planned, sent or running, not yet over.
     */
    async heldBySchedules(idClient: number, ids: number[], from: Date, to: Date): Promise<number[]> {
      if (ids.length === 0) return []
      const held = await db
        .selectDistinct({ id: outputs_plans.id_output })
        .from(outputs_plans)
        .innerJoin(schedules, eq(schedules.id, outputs_plans.id_schedule))
        .where(
          and(
            eq(outputs_plans.id_client, idClient),
            inArray(outputs_plans.id_output, ids),
            inArray(outputs_plans.status, [planStatus.planned, planStatus.sent, planStatus.running]),
            gt(schedules.type, scheduleTypes.manual),
            sql`${schedules.deleted_at} is null`,
            sql`${outputs_plans.open_at} < ${to.toISOString()}::timestamptz`,
            sql`${outputs_plans.open_at} + ${outputs_plans.duration} * interval '1 minute' > ${from.toISOString()}::timestamptz`,
          ),
        )
      return held.map((row) => row.id)
    },

    /** A manual sequence's schedule (its runs go in with outputs-plans-dal.ts, in the same transaction); answers its id. */
    async insertSequenceSchedule(schedule: typeof schedules.$inferInsert): Promise<number> {
      const [inserted] = await db.insert(schedules).values(schedule).returning({ id: schedules.id })
      return inserted!.id
    },

    async insert(values: (typeof manual_opens.$inferInsert)[]): Promise<ManualOpenRecord[]> {
      if (values.length === 0) return []
      return db.insert(manual_opens).values(values).returning()
    },

    /** Busy openings of these outputs. */
    async busyOf(idClient: number, outputIds: number[]): Promise<ManualOpenRecord[]> {
      if (outputIds.length === 0) return []
      return db
        .select()
        .from(manual_opens)
        .where(
          and(
            eq(manual_opens.id_client, idClient),
            inArray(manual_opens.id_output, outputIds),
            inArray(manual_opens.status, [...busyManualStatuses]),
          ),
        )
    },

    /**
     * Moves openings to `status` only from one of `from` (so that a late or repeated event
     * cannot undo a later state). Returns the rows that moved.
     */
    async move(
      ids: number[],
      from: readonly number[],
      changes: Partial<Pick<ManualOpenRecord, 'status' | 'closed_at' | 'error' | 'id_command'>> & {
        status: number
      },
      at: Date,
    ): Promise<ManualOpenRecord[]> {
      if (ids.length === 0) return []
      return db
        .update(manual_opens)
        .set({ ...changes, updated_at: at })
        .where(and(inArray(manual_opens.id, ids), inArray(manual_opens.status, [...from])))
        .returning()
    },

    async byCommand(idCommand: string): Promise<ManualOpenRecord[]> {
      return db.select().from(manual_opens).where(eq(manual_opens.id_command, idCommand))
    },

    /** Busy openings of one module's outputs, with the output's terminal. */
    async busyOfObject(idObject: number) {
      return db
        .select({ open: manual_opens, field: outputs.field_name })
        .from(manual_opens)
        .innerJoin(outputs, eq(outputs.id, manual_opens.id_output))
        .where(and(eq(outputs.id_object, idObject), inArray(manual_opens.status, [...busyManualStatuses])))
    },

    /** Timed openings past their closing time, with the output's latest reported value (1 on, 0 off). */
    async overdue(at: Date) {
      return db
        .select({ open: manual_opens, value: latest_readings.value })
        .from(manual_opens)
        .innerJoin(outputs, eq(outputs.id, manual_opens.id_output))
        .leftJoin(
          latest_readings,
          and(
            eq(latest_readings.object_id, outputs.id_object),
            eq(latest_readings.field, outputs.field_name),
          ),
        )
        .where(
          and(
            inArray(manual_opens.status, [manualStatus.open, manualStatus.awaiting_closing]),
            isNotNull(manual_opens.close_at),
            lte(manual_opens.close_at, at),
          ),
        )
    },

    /** ManualOpenRow of these openings, as the browser gets them. */
    rowsOf: (ids: number[]) =>
      ids.length === 0 ? Promise.resolve([]) : rows(and(inArray(manual_opens.id, ids))),

    /** The account's busy openings. */
    busyRows: (idClient: number) =>
      rows(and(eq(manual_opens.id_client, idClient), inArray(manual_opens.status, [...busyManualStatuses]))),
  }
}
export type ManualOpensDal = ReturnType<typeof createManualOpensDal>
