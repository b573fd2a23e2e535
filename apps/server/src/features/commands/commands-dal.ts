import { type CommandRow, commandStatus, type OutputOrder } from '@kropla/domain'
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { commands, objects } from '../../db/schema'

export type CommandRecord = typeof commands.$inferSelect
/**
 * One output's order as stored and published: `until` (ISO 8601 UTC) is the end of the run or
 * timed opening it serves, which a module with a set clock closes at even if `minutes` run longer.
 */
export type CommandOrder = OutputOrder & { until?: string }
export type CommandOutputs = Partial<Record<keyof CommandRow['outputs'], CommandOrder>>
export type CommandSource = CommandRow['source']

/** Statuses still tracked (queued, sent, received): below 3 (spec 01 section 4). */
const pendingStatuses = [commandStatus.queued, commandStatus.sent, commandStatus.received]

export function toCommandRow(row: CommandRecord): CommandRow {
  return {
    id: row.id,
    id_object: row.id_object,
    type: 'set_output',
    // The browser's contract is the order alone; `until` only tells the module when to close.
    outputs: Object.fromEntries(
      Object.entries(row.outputs as CommandOutputs).map(([name, order]) => [
        name,
        { on: order!.on, minutes: order!.minutes },
      ]),
    ),
    source: row.source as CommandSource,
    status: row.status,
    error: row.error,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    acked_at: row.acked_at?.toISOString() ?? null,
  }
}

/** Commands to modules (`commands`): every query of an account carries its `id_client`. */
export function createCommandsDal(db: Executor) {
  return {
    async insert(values: typeof commands.$inferInsert): Promise<CommandRecord> {
      const [row] = await db.insert(commands).values(values).returning()
      return row!
    },

    /** A command that could not be published (no broker yet) waits queued, e.g. for an HTTP module's upload. */
    async markQueued(id: string, at: Date): Promise<CommandRecord | undefined> {
      const [row] = await db
        .update(commands)
        .set({ status: commandStatus.queued, sent_at: null, updated_at: at })
        .where(and(eq(commands.id, id), eq(commands.status, commandStatus.sent)))
        .returning()
      return row
    },

    /**
     * Moves a pending command of that module to `status` (received 2, done 10, rejected 5). A
     * command only moves forward: a late "received" after "done" changes nothing.
     */
    async settle(
      idObject: number,
      id: string,
      status: number,
      error: string | null,
      at: Date,
    ): Promise<CommandRecord | undefined> {
      const [row] = await db
        .update(commands)
        .set({ status, error, acked_at: at, updated_at: at })
        .where(
          and(
            eq(commands.id, id),
            eq(commands.id_object, idObject),
            inArray(commands.status, pendingStatuses),
            lt(commands.status, status),
          ),
        )
        .returning()
      return row
    },

    /** Pending commands sent (or, never sent, created) before `before`: their answer is overdue. */
    async expire(before: Date, error: string, at: Date): Promise<CommandRecord[]> {
      return db
        .update(commands)
        .set({ status: commandStatus.timed_out, error, updated_at: at })
        .where(
          and(
            inArray(commands.status, pendingStatuses),
            lt(sql`coalesce(${commands.sent_at}, ${commands.created_at})`, before),
          ),
        )
        .returning()
    },

    async find(ids: string[]): Promise<CommandRecord[]> {
      if (ids.length === 0) return []
      return db.select().from(commands).where(inArray(commands.id, ids))
    },

    /** Commands a module has not answered yet, oldest first (HTTP modules collect them on upload). */
    async awaiting(idObject: number): Promise<CommandRecord[]> {
      return db
        .select()
        .from(commands)
        .where(
          and(
            eq(commands.id_object, idObject),
            inArray(commands.status, [commandStatus.queued, commandStatus.sent]),
          ),
        )
        .orderBy(commands.created_at)
    },

    /** Queued commands an HTTP module has just been handed in its upload's answer are sent. */
    async markHandedOver(ids: string[], at: Date): Promise<CommandRecord[]> {
      if (ids.length === 0) return []
      return db
        .update(commands)
        .set({ status: commandStatus.sent, sent_at: at, updated_at: at })
        .where(and(inArray(commands.id, ids), eq(commands.status, commandStatus.queued)))
        .returning()
    },

    /** One of the account's modules: its serial and model (undefined when it is not the account's). */
    async ownModule(
      idClient: number,
      idObject: number,
    ): Promise<{ serial: string; model: string } | undefined> {
      const [object] = await db
        .select({ serial: objects.serial, model: objects.last_device_model })
        .from(objects)
        .where(and(eq(objects.id, idObject), eq(objects.id_client, idClient)))
      return object
    },

    async recent(idClient: number, limit: number): Promise<CommandRecord[]> {
      return db
        .select()
        .from(commands)
        .where(eq(commands.id_client, idClient))
        .orderBy(desc(commands.created_at), desc(commands.id))
        .limit(limit)
    },
  }
}
export type CommandsDal = ReturnType<typeof createCommandsDal>
