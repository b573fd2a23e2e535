import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clients, sessions, user_clients, users } from '../../db/schema'

export type NewSession = typeof sessions.$inferInsert
export type SessionRow = typeof sessions.$inferSelect
export type ClientRow = typeof clients.$inferSelect

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
    async insert(session: NewSession) {
      await db.insert(sessions).values(session)
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
    async remove(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id))
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
      const removed = await db
        .delete(sessions)
        .where(eq(sessions.id_client, idClient))
        .returning({ id: sessions.id })
      return removed.map((row) => row.id)
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
