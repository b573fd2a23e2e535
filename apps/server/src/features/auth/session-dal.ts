import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Actor } from '../../db/actor-context'
import type { Db } from '../../db/client'
import { clients, sessions, user_clients, users } from '../../db/schema'

export type NewSession = typeof sessions.$inferInsert
export type SessionRow = typeof sessions.$inferSelect
export type ClientRow = typeof clients.$inferSelect

/** Logins and logouts in the audit log (kind `sessions`): who, which account, from where, when. */
export type SessionEvent = 'login' | 'login_failed' | 'logout' | 'logout_forced'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Records a login or logout in the audit log, in the transaction of the session's write. `actor`
 * names who, where the request's own actor cannot (a login is made by a request not yet logged in).
 */
async function recordSessionEvent(
  tx: Tx,
  event: SessionEvent,
  user: { user_id: number; id_client: number },
  details: Record<string, unknown>,
  actor?: Actor,
) {
  if (actor) await tx.execute(sql`select set_config('kropla.actor', ${JSON.stringify(actor)}, true)`)
  await tx.execute(
    sql`select audit_record(${event}, 'sessions', ${String(user.user_id)}, ${user.id_client}::integer,
      null, jsonb_build_object('user', (select u.email from users u where u.id = ${user.user_id}::integer))
        || ${JSON.stringify(details)}::jsonb, null)`,
  )
}

export function createSessionDal(db: Db) {
  /** A session with its user, its current client account and the user's assignment there (if any). */
  const withContext = () =>
    db
      .select({ session: sessions, user: users, client: clients, assignedType: user_clients.type })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .innerJoin(clients, eq(clients.id, sessions.id_client))
      .leftJoin(
        user_clients,
        and(eq(user_clients.user_id, sessions.user_id), eq(user_clients.id_client, sessions.id_client)),
      )

  return {
    /** Starts a session; the login is recorded in the audit log as the user's, in the same transaction. */
    async insert(session: NewSession, login?: { actor: Actor }) {
      if (!login) {
        await db.insert(sessions).values(session)
        return
      }
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values(session)
        await recordSessionEvent(
          tx,
          'login',
          { user_id: session.user_id, id_client: session.id_client },
          { user_agent: session.user_agent ?? '' },
          login.actor,
        )
      })
    },
    /** A wrong password for an existing user, recorded in their account's log (by the anonymous request). */
    async recordFailedLogin(user: { id: number; id_client: number }, actor: Actor) {
      await db.transaction((tx) =>
        recordSessionEvent(tx, 'login_failed', { user_id: user.id, id_client: user.id_client }, {}, actor),
      )
    },
    async findContext(id: string) {
      const [row] = await withContext().where(eq(sessions.id, id))
      return row ?? null
    },
    async findContexts(ids: readonly string[]) {
      if (!ids.length) return []
      return withContext().where(inArray(sessions.id, [...ids]))
    },
    async findClient(id: number) {
      const [client] = await db.select().from(clients).where(eq(clients.id, id))
      return client ?? null
    },
    /** Marks sessions as used now: their end moves to `idleUntil`, never past created_at + maxMs. */
    async touch(ids: readonly string[], now: Date, idleUntil: Date, maxMs: number) {
      if (!ids.length) return
      await db
        .update(sessions)
        .set({
          last_seen_at: now,
          expires_at: sql`least(${sessions.created_at} + ${maxMs}::double precision * interval '1 millisecond', ${idleUntil}::timestamptz)`,
        })
        .where(inArray(sessions.id, [...ids]))
    },
    async setClient(id: string, idClient: number) {
      await db.update(sessions).set({ id_client: idClient, support_reason: null }).where(eq(sessions.id, id))
    },
    /**
     * Moves a session to another client account; an operator's support access into it (a reason)
     * and out of the one left are recorded in the audit log in the same transaction (migration 0010).
     */
    async switchSession(
      id: string,
      move: { from: number; to: number; leftSupport: string | null; supportReason: string | null },
    ) {
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ id_client: move.to, support_reason: move.supportReason })
          .where(eq(sessions.id, id))
        if (move.leftSupport !== null && move.from !== move.to)
          await tx.execute(
            sql`select audit_record('switch_out', 'support', ${String(move.from)}, ${move.from}::integer,
              ${JSON.stringify({ id_client: move.from, reason: move.leftSupport })}::jsonb, null, ${move.leftSupport})`,
          )
        if (move.supportReason !== null)
          await tx.execute(
            sql`select audit_record('switch_in', 'support', ${String(move.to)}, ${move.to}::integer,
              null, ${JSON.stringify({ id_client: move.to })}::jsonb, ${move.supportReason})`,
          )
      })
    },
    /** Ends a session; `logout` (the user's own, or one of their other devices) is recorded in the audit log. */
    async remove(id: string, logout?: 'logout') {
      if (!logout) {
        await db.delete(sessions).where(eq(sessions.id, id))
        return
      }
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(sessions)
          .where(eq(sessions.id, id))
          .returning({ user_id: sessions.user_id, id_client: sessions.id_client })
        for (const row of removed) await recordSessionEvent(tx, logout, row, {})
      })
    },
    async listForUser(userId: number) {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.user_id, userId))
        .orderBy(desc(sessions.last_seen_at))
    },
    /** Ends every session working in that client account; returns their ids (for their sockets). */
    async removeForClient(idClient: number) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(sessions)
          .where(eq(sessions.id_client, idClient))
          .returning({ id: sessions.id, user_id: sessions.user_id, id_client: sessions.id_client })
        // Blocking logs the account's users out at once: each ended session is in the audit log.
        for (const row of removed) await recordSessionEvent(tx, 'logout_forced', row, {})
        return removed.map((row) => row.id)
      })
    },
    async removeExpired(now: Date) {
      const removed = await db
        .delete(sessions)
        .where(lt(sessions.expires_at, now))
        .returning({ id: sessions.id })
      return removed.length
    },
    /** Every client account the user may work in: their own first, then their assignments. */
    async listAssignments(userId: number) {
      const [home] = await db
        .select({ id: clients.id, name: clients.name, type: users.type })
        .from(users)
        .innerJoin(clients, eq(clients.id, users.id_client))
        .where(eq(users.id, userId))
      if (!home) return []
      const others = await db
        .select({ id: clients.id, name: clients.name, type: user_clients.type })
        .from(user_clients)
        .innerJoin(clients, eq(clients.id, user_clients.id_client))
        .where(and(eq(user_clients.user_id, userId), ne(user_clients.id_client, home.id)))
        .orderBy(asc(clients.name))
      return [home, ...others]
    },
  }
}
export type SessionDal = ReturnType<typeof createSessionDal>
