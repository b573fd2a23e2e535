import { userTypes } from '@kropla/domain'
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { clients, sessions, user_clients, users } from '../../db/schema'

export type NewUser = typeof users.$inferInsert
export type UserRow = typeof users.$inferSelect
export type UserChanges = Partial<Omit<NewUser, 'id' | 'id_client' | 'email' | 'created_at'>>

export function createUsersDal(db: Executor) {
  return {
    async findByEmail(email: string) {
      const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
      return user ?? null
    },
    async findById(id: number) {
      const [user] = await db.select().from(users).where(eq(users.id, id))
      return user ?? null
    },
    /** A user of that client account, or null: another account's user is never found through it. */
    async findInClient(idClient: number, id: number) {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.id_client, idClient)))
      return user ?? null
    },
    /** The user with that e-mail whose client account has that name (letter case ignored). */
    async findByEmailAndClientName(email: string, clientName: string) {
      const [row] = await db
        .select({ user: users })
        .from(users)
        .innerJoin(clients, eq(clients.id, users.id_client))
        .where(and(eq(users.email, email.toLowerCase()), sql`lower(${clients.name}) = lower(${clientName})`))
      return row?.user ?? null
    },
    listByClient(idClient: number) {
      return db.select().from(users).where(eq(users.id_client, idClient)).orderBy(asc(users.id))
    },
    /**
     * Admins of a client account (types below normal, as isAdmin reads them): its own users, and
     * users of other accounts assigned to it as admins.
     */
    async countAdmins(idClient: number) {
      const [own] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.id_client, idClient), lt(users.type, userTypes.normal)))
      const [assigned] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(user_clients)
        .where(and(eq(user_clients.id_client, idClient), lt(user_clients.type, userTypes.normal)))
      return (own?.count ?? 0) + (assigned?.count ?? 0)
    },
    /** Lets a user work in a further client account with that type there (a second call changes the type). */
    async assignToClient(userId: number, idClient: number, type: number) {
      await db
        .insert(user_clients)
        .values({ user_id: userId, id_client: idClient, type })
        .onConflictDoUpdate({ target: [user_clients.user_id, user_clients.id_client], set: { type } })
    },
    async insert(user: NewUser) {
      const [created] = await db.insert(users).values(user).returning()
      return created!
    },
    async update(id: number, changes: UserChanges) {
      const [updated] = await db
        .update(users)
        .set({ ...changes, updated_at: new Date() })
        .where(eq(users.id, id))
        .returning()
      return updated ?? null
    },
    async remove(id: number) {
      await db.delete(users).where(eq(users.id, id))
    },
    async setPasswordHash(id: number, passwordHash: string) {
      await db
        .update(users)
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where(eq(users.id, id))
    },
    async setLang(id: number, lang: string) {
      await db.update(users).set({ lang, updated_at: new Date() }).where(eq(users.id, id))
    },
    /** Ends every session of a user in the database (their sockets are told by realtime). */
    async removeSessions(userId: number) {
      await db.delete(sessions).where(eq(sessions.user_id, userId))
    },
    async findClient(id: number) {
      const [client] = await db.select().from(clients).where(eq(clients.id, id))
      return client ?? null
    },
  }
}
export type UsersDal = ReturnType<typeof createUsersDal>
