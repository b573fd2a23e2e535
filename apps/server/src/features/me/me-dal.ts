import { defaultFarmTimeZone } from '@kropla/domain'
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { clients, latest_readings, objects, outputs } from '../../db/schema'
import { createClientsDal } from '../clients/clients-dal'
import { listOutputOpenings } from '../manual-control/output-openings-dal'

export function createMeDal(db: Db) {
  return {
    listObjects(idClient: number) {
      return db.select().from(objects).where(eq(objects.id_client, idClient)).orderBy(asc(objects.id))
    },
    /** The account's outputs and input equipment: the start screen's `components`. */
    listComponents(idClient: number) {
      return db
        .select({
          id: outputs.id,
          id_object: outputs.id_object,
          field_name: outputs.field_name,
          name: outputs.name,
          kind: outputs.kind,
          type: outputs.type,
          properties: outputs.properties,
        })
        .from(outputs)
        .where(eq(outputs.id_client, idClient))
        .orderBy(asc(outputs.id_object), asc(outputs.field_name))
    },
    /** The client account's name (an operator on support access is not assigned to it). */
    async clientName(idClient: number) {
      const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, idClient))
      return row?.name ?? ''
    },
    /** The farm's (client account's) time zone. */
    async clientTimeZone(idClient: number) {
      return (await createClientsDal(db).timeZone(idClient)) ?? defaultFarmTimeZone
    },
    listLatest(idClient: number) {
      return db.select().from(latest_readings).where(eq(latest_readings.id_client, idClient))
    },
    /** What holds the account's outputs now: busy manual openings and running output plans. */
    listOutputOpenings(idClient: number) {
      return listOutputOpenings(db, idClient, new Date())
    },
  }
}
export type MeDal = ReturnType<typeof createMeDal>
