import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { objects } from '../../db/schema'

export type ObjectRow = typeof objects.$inferSelect

/** The fleet side of registration: the module a new account is opened with. */
export function createRegistrationDal(db: Executor) {
  return {
    async findModule(serial: string) {
      const [module] = await db.select().from(objects).where(eq(objects.serial, serial))
      return module ?? null
    },
    /** Inside a transaction: the module's row, locked until commit, so one registration wins. */
    async lockModule(serial: string) {
      const [module] = await db.select().from(objects).where(eq(objects.serial, serial)).for('update')
      return module ?? null
    },
  }
}
