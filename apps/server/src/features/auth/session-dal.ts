import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sessions, users } from '../../db/schema'

export type NewSession = typeof sessions.$inferInsert

export function createSessionDal(db: Db) {
  return {
    async insert(session: NewSession) {
      await db.insert(sessions).values(session)
    },
    async findWithUser(id: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(and(eq(sessions.id, id), gt(sessions.expires_at, now)))
      return row ?? null
    },
    async touch(id: string, now: Date) {
      await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id))
    },
    async remove(id: string) {
      await db.delete(sessions).where(eq(sessions.id, id))
    },
    async removeExpired(now: Date) {
      await db.delete(sessions).where(lt(sessions.expires_at, now))
    },
  }
}
export type SessionDal = ReturnType<typeof createSessionDal>
