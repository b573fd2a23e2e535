import type { FleetModule } from '@kropla/domain'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import type { Tx } from '../../db/executor'
import { objects } from '../../db/schema'
import { createClientsDal } from '../clients/clients-dal'
import { createModuleOutputs } from '../objects/module-activation-dal'

export type ModuleRow = typeof objects.$inferSelect

/**
 * A fleet entry as stored: the device secret only as its hash (ADR 0087). `secretHash` null: the
 * module keeps the secret it has, and a new one logs in with its PIN.
 */
export type StoredFleetModule = Omit<FleetModule, 'secret'> & { secretHash: string | null }

export interface ModulePlacement {
  name?: string
  location?: { lng: number; lat: number }
}

async function saveModuleIn(
  tx: Tx,
  module: StoredFleetModule,
  placement: ModulePlacement,
  idClient: number | null,
): Promise<ModuleRow> {
  const activation =
    idClient !== null ? { id_client: idClient, activated_at: new Date(), deactivated_at: null } : {}
  const [row] = await tx
    .insert(objects)
    .values({
      serial: module.serial,
      pin: module.pin,
      secret_hash: module.secretHash,
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
        ...(module.secretHash !== null ? { secret_hash: module.secretHash } : {}),
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
}

/** Rows a batched insert writes at once (at most 8 parameters each, well under PostgreSQL's 65,535). */
const rowsPerStatement = 500
const fromInsert = (column: string) => sql.raw(`excluded.${column}`)
/** A line without a secret keeps the one the module has. */
const secretFromInsert = sql`coalesce(excluded.secret_hash, ${objects.secret_hash})`

/** Modules not activated anywhere: added, or an existing one's PIN and model (and secret, when given) updated. */
async function insertUnassigned(tx: Tx, modules: readonly StoredFleetModule[]): Promise<void> {
  if (!modules.length) return
  await tx
    .insert(objects)
    .values(
      modules.map((module) => ({
        serial: module.serial,
        pin: module.pin,
        secret_hash: module.secretHash,
        last_device_model: module.model,
        name: module.serial,
      })),
    )
    .onConflictDoUpdate({
      target: objects.serial,
      set: {
        pin: fromInsert('pin'),
        secret_hash: secretFromInsert,
        last_device_model: fromInsert('last_device_model'),
      },
    })
}

/** Modules activated on an account (their first activation time kept), as `saveModuleIn` does. */
function insertAssigned(tx: Tx, modules: readonly { module: StoredFleetModule; idClient: number }[]) {
  if (!modules.length) return Promise.resolve([])
  const now = new Date()
  return tx
    .insert(objects)
    .values(
      modules.map(({ module, idClient }) => ({
        serial: module.serial,
        pin: module.pin,
        secret_hash: module.secretHash,
        last_device_model: module.model,
        name: module.serial,
        id_client: idClient,
        activated_at: now,
        deactivated_at: null,
      })),
    )
    .onConflictDoUpdate({
      target: objects.serial,
      set: {
        pin: fromInsert('pin'),
        secret_hash: secretFromInsert,
        last_device_model: fromInsert('last_device_model'),
        id_client: fromInsert('id_client'),
        activated_at: sql`coalesce(${objects.activated_at}, now())`,
        deactivated_at: null,
      },
    })
    .returning()
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
    saveModule(module: StoredFleetModule, placement: ModulePlacement, idClient: number | null) {
      return db.transaction((tx) => saveModuleIn(tx, module, placement, idClient))
    },

    /**
     * A whole list in one transaction, each module as `saveModule` saves it (a serial listed twice:
     * the later line) and activated on its named account (created when absent): all of them or, on
     * any failure, none. Written in batches of many rows a statement: 10,000 modules in seconds.
     */
    saveModules(entries: readonly { module: StoredFleetModule; clientName?: string }[]) {
      const bySerial = new Map(entries.map((entry) => [entry.module.serial, entry]))
      return db.transaction(async (tx) => {
        const clientsDal = createClientsDal(tx)
        const clientIds = new Map<string, number>()
        const unassigned: StoredFleetModule[] = []
        const assigned: { module: StoredFleetModule; idClient: number }[] = []
        for (const { module, clientName } of bySerial.values()) {
          if (!clientName) {
            unassigned.push(module)
            continue
          }
          const idClient = clientIds.get(clientName) ?? (await clientsDal.findOrCreate(clientName)).id
          clientIds.set(clientName, idClient)
          assigned.push({ module, idClient })
        }
        for (let start = 0; start < unassigned.length; start += rowsPerStatement)
          await insertUnassigned(tx, unassigned.slice(start, start + rowsPerStatement))
        for (let start = 0; start < assigned.length; start += rowsPerStatement)
          for (const row of await insertAssigned(tx, assigned.slice(start, start + rowsPerStatement)))
            await createModuleOutputs(tx, row)
        return bySerial.size
      })
    },

    async findBySerial(serial: string) {
      const [row] = await db.select().from(objects).where(eq(objects.serial, serial))
      return row ?? null
    },

    /** Which of these serial numbers the fleet has already. */
    async existingSerials(serials: readonly string[]): Promise<Set<string>> {
      if (!serials.length) return new Set()
      const rows = await db
        .select({ serial: objects.serial })
        .from(objects)
        .where(inArray(objects.serial, [...serials]))
      return new Set(rows.map((row) => row.serial))
    },

    async setBaseStation(serial: string, stationId: number) {
      await db.update(objects).set({ base_station_id: stationId }).where(eq(objects.serial, serial))
    },
  }
}
export type FleetDal = ReturnType<typeof createFleetDal>
