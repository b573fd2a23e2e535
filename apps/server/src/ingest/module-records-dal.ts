import type { ConnectionState } from '@kropla/domain'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { objects } from '../db/schema'

export type ModuleRecord = typeof objects.$inferSelect

/** What device messages read and stamp on a module's fleet entry (`objects`). */
export function createModuleRecordsDal(db: Db) {
  return {
    async findBySerial(serial: string): Promise<ModuleRecord | undefined> {
      const [row] = await db.select().from(objects).where(eq(objects.serial, serial))
      return row
    },

    /** The firmware a module's `up/hello` names (null when it names none). */
    async recordFirmware(id: number, firmware: string | null): Promise<void> {
      await db.update(objects).set({ firmware }).where(eq(objects.id, id))
    },

    /** Online or offline, from the module's `up/status`. */
    async recordConnection(id: number, connection: ConnectionState): Promise<void> {
      await db.update(objects).set({ connection }).where(eq(objects.id, id))
    },
  }
}
export type ModuleRecordsDal = ReturnType<typeof createModuleRecordsDal>
