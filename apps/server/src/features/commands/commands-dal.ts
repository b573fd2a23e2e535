import { type CommandRow, commandStatus, type OutputOrder } from '@kropla/domain'
import { and, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
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

/**
 * The type of a `down/credentials` command (ADR 0087): the operator's, moving a module onto a device
 * secret. It is nobody's output order: the account's command lists never show it.
 */
export const credentialsCommandType = 'credentials'
export const isCredentialsCommand = (row: Pick<CommandRecord, 'type'>) => row.type === credentialsCommandType

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
        // A finished command's secret has done its work (or never will): it is not kept.
        .set({
          status,
          error,
          acked_at: at,
          updated_at: at,
          ...(status > commandStatus.received ? { secret: null } : {}),
        })
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

    /**
     * Pending commands sent (or, never sent, created) before `before`, credentials commands before
     * `credentialsBefore`: their answer is overdue.
     */
    async expire(before: Date, credentialsBefore: Date, error: string, at: Date): Promise<CommandRecord[]> {
      const since = sql`coalesce(${commands.sent_at}, ${commands.created_at})`
      return db
        .update(commands)
        .set({ status: commandStatus.timed_out, error, secret: null, updated_at: at })
        .where(
          and(
            inArray(commands.status, pendingStatuses),
            or(
              and(ne(commands.type, credentialsCommandType), lt(since, before)),
              and(eq(commands.type, credentialsCommandType), lt(since, credentialsBefore)),
            ),
          ),
        )
        .returning()
    },

    /** The secret a pending credentials command of that module carries (undefined: no such command). */
    async pendingSecret(idObject: number, id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ secret: commands.secret })
        .from(commands)
        .where(
          and(
            eq(commands.id, id),
            eq(commands.id_object, idObject),
            eq(commands.type, credentialsCommandType),
            inArray(commands.status, pendingStatuses),
            isNotNull(commands.secret),
          ),
        )
      return row?.secret ?? undefined
    },

    /**
     * The module acknowledged its credentials command `done`: in one statement the command is done
     * (its secret dropped) and the module logs in with the secret's hash from now on, its PIN no
     * longer. Undefined when the command was no longer pending (a second ack, a late one).
     */
    async moveOntoSecret(
      idObject: number,
      id: string,
      secretHash: string,
      at: Date,
    ): Promise<CommandRecord | undefined> {
      const result = await db.execute<Record<string, unknown>>(sql`
        with settled as (
          update ${commands} set status = ${commandStatus.done}, error = null, secret = null,
            acked_at = ${at}, updated_at = ${at}
          where id = ${id} and id_object = ${idObject} and type = ${credentialsCommandType}
            and status in (${sql.join(
              pendingStatuses.map((status) => sql`${status}`),
              sql`, `,
            )})
          returning id
        ), moved as (
          update ${objects} set secret_hash = ${secretHash}
          where id = ${idObject} and exists (select 1 from settled)
          returning id
        )
        select id from settled where exists (select 1 from moved)`)
      if (!result.rows.length) return undefined
      const [row] = await db.select().from(commands).where(eq(commands.id, id))
      return row
    },

    /** Whether a credentials command of the module is still pending. */
    async hasPendingCredentials(idObject: number): Promise<boolean> {
      const [row] = await db
        .select({ id: commands.id })
        .from(commands)
        .where(
          and(
            eq(commands.id_object, idObject),
            eq(commands.type, credentialsCommandType),
            inArray(commands.status, pendingStatuses),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /** A module of any account, as the operator addresses it: its serial and account (null: none). */
    async fleetModule(idObject: number): Promise<{ serial: string; idClient: number | null } | undefined> {
      const [row] = await db
        .select({ serial: objects.serial, idClient: objects.id_client })
        .from(objects)
        .where(eq(objects.id, idObject))
      return row
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
        .where(and(eq(commands.id_client, idClient), ne(commands.type, credentialsCommandType)))
        .orderBy(desc(commands.created_at), desc(commands.id))
        .limit(limit)
    },
  }
}
export type CommandsDal = ReturnType<typeof createCommandsDal>
