import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { latest_readings, objects } from '../../db/schema'

export function createMeDal(db: Db) {
  return {
    listObjects(idClient: number) {
      return db.select().from(objects).where(eq(objects.id_client, idClient)).orderBy(asc(objects.id))
    },
    listLatest(idClient: number) {
      return db.select().from(latest_readings).where(eq(latest_readings.id_client, idClient))
    },
  }
}
export type MeDal = ReturnType<typeof createMeDal>
