import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clients, users } from '../../db/schema'

export type NewUser = typeof users.$inferInsert

export function createUsersDal(db: Db) {
  return {
    async findByEmail(email: string) {
      const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
      return user ?? null
    },
    async insert(user: NewUser) {
      const [created] = await db.insert(users).values(user).returning()
      return created!
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
    async findClient(id: number) {
      const [client] = await db.select().from(clients).where(eq(clients.id, id))
      return client ?? null
    },
  }
}
export type UsersDal = ReturnType<typeof createUsersDal>
