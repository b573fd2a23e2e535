import { type FleetModule, fleetModuleSchema } from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { objects } from '../../db/schema'
import { createClientsDal } from '../clients/clients-dal'
import { createModuleOutputs } from '../objects/module-activation'

export interface AddModuleOptions {
  /** Activates the module on this client account (created when absent). */
  clientName?: string
  name?: string
  location?: { lng: number; lat: number }
}

export class FleetInputError extends Error {}

/** The operator's fleet of manufactured modules: serial number, PIN and model. */
export function createFleetService(db: Db) {
  const clients = createClientsDal(db)

  async function addModule(module: FleetModule, options: AddModuleOptions = {}) {
    const parsed = fleetModuleSchema.safeParse(module)
    if (!parsed.success) {
      throw new FleetInputError(`${module.serial}: ${parsed.error.issues.map((i) => i.message).join(', ')}`)
    }
    const client = options.clientName ? await clients.findOrCreate(options.clientName) : null
    const activation = client ? { id_client: client.id, activated_at: new Date(), deactivated_at: null } : {}
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(objects)
        .values({
          serial: parsed.data.serial,
          pin: parsed.data.pin,
          last_device_model: parsed.data.model,
          name: options.name ?? parsed.data.serial,
          lng: options.location?.lng,
          lat: options.location?.lat,
          ...activation,
        })
        .onConflictDoUpdate({
          target: objects.serial,
          set: {
            pin: parsed.data.pin,
            last_device_model: parsed.data.model,
            ...(options.name ? { name: options.name } : {}),
            ...(options.location ? { lng: options.location.lng, lat: options.location.lat } : {}),
            ...(client
              ? {
                  id_client: client.id,
                  activated_at: sql`coalesce(${objects.activated_at}, now())`,
                  deactivated_at: null,
                }
              : {}),
          },
        })
        .returning()
      // An activated module has its output rows, like one added through the wizard.
      if (client) await createModuleOutputs(tx, row!)
      return row!
    })
  }

  return {
    addModule,
    async setBaseStation(serial: string, stationSerial: string) {
      const [station] = await db.select().from(objects).where(eq(objects.serial, stationSerial))
      if (!station) throw new FleetInputError(`No module ${stationSerial} in the fleet.`)
      await db.update(objects).set({ base_station_id: station.id }).where(eq(objects.serial, serial))
    },
    /** Imports a CSV with a header line naming serial, pin and model (and optionally client). */
    async importCsv(text: string) {
      const records = parse(text, {
        columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
        skip_empty_lines: true,
        trim: true,
      }) as Record<string, string>[]
      const problems: string[] = []
      const valid: { module: FleetModule; clientName?: string }[] = []
      records.forEach((record, index) => {
        const parsed = fleetModuleSchema.safeParse({
          serial: record.serial,
          pin: record.pin,
          model: record.model,
        })
        if (parsed.success) valid.push({ module: parsed.data, clientName: record.client || undefined })
        else
          problems.push(
            `line ${index + 2}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join(', ')}`,
          )
      })
      // All or nothing: a list with a bad line is refused whole, so the operator fixes and re-runs it.
      if (problems.length) throw new FleetInputError(`Nothing imported:\n${problems.join('\n')}`)
      for (const { module, clientName } of valid) await addModule(module, { clientName })
      return valid.length
    },
  }
}
export type FleetService = ReturnType<typeof createFleetService>
