import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clients } from '../../db/schema'

export function createClientsDal(db: Db) {
  return {
    /** The client account of that name, created when absent. */
    async findOrCreate(name: string) {
      const [existing] = await db.select().from(clients).where(eq(clients.name, name))
      if (existing) return existing
      const [created] = await db.insert(clients).values({ name }).onConflictDoNothing().returning()
      if (created) return created
      const [raced] = await db.select().from(clients).where(eq(clients.name, name))
      return raced!
    },
  }
}
export type ClientsDal = ReturnType<typeof createClientsDal>
