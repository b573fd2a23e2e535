import type { FleetModule } from '@kropla/domain'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { objects } from '../../db/schema'
import { createClientsDal } from '../clients/clients-dal'
import { createModuleOutputs } from '../objects/module-activation-dal'

export type ModuleRow = typeof objects.$inferSelect

export interface ModulePlacement {
  name?: string
  location?: { lng: number; lat: number }
}

/** The operator's fleet in the `objects` table: modules by serial number. */
export function createFleetDal(db: Db) {
  return {
    /** The client account of that name, created when absent. */
    findOrCreateClient: (name: string) => createClientsDal(db).findOrCreate(name),

    /**
     * Adds the module, or updates the one with its serial number; with `idClient` it is
     * activated there (its first activation time kept) and gets its output rows, like one
     * added through the wizard.
     */
    saveModule(module: FleetModule, placement: ModulePlacement, idClient: number | null) {
      const activation =
        idClient !== null ? { id_client: idClient, activated_at: new Date(), deactivated_at: null } : {}
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(objects)
          .values({
            serial: module.serial,
            pin: module.pin,
            last_device_model: module.model,
            name: placement.name ?? module.serial,
            lng: placement.location?.lng,
            lat: placement.location?.lat,
            ...activation,
          })
          .onConflictDoUpdate({
            target: objects.serial,
            set: {
              pin: module.pin,
              last_device_model: module.model,
              ...(placement.name ? { name: placement.name } : {}),
              ...(placement.location ? { lng: placement.location.lng, lat: placement.location.lat } : {}),
              ...(idClient !== null
                ? {
                    id_client: idClient,
                    activated_at: sql`coalesce(${objects.activated_at}, now())`,
                    deactivated_at: null,
                  }
                : {}),
            },
          })
          .returning()
        if (idClient !== null) await createModuleOutputs(tx, row!)
        return row!
      })
    },

    async findBySerial(serial: string) {
      const [row] = await db.select().from(objects).where(eq(objects.serial, serial))
      return row ?? null
    },

    async setBaseStation(serial: string, stationId: number) {
      await db.update(objects).set({ base_station_id: stationId }).where(eq(objects.serial, serial))
    },
  }
}
export type FleetDal = ReturnType<typeof createFleetDal>
