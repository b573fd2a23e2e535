import { type FleetModule, fleetModuleSchema } from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import type { FleetDal } from './fleet-dal'

export interface AddModuleOptions {
  /** Activates the module on this client account (created when absent). */
  clientName?: string
  name?: string
  location?: { lng: number; lat: number }
}

export class FleetInputError extends Error {}

/** The operator's fleet of manufactured modules: serial number, PIN and model. */
export function createFleetService(dal: FleetDal) {
  async function addModule(module: FleetModule, options: AddModuleOptions = {}) {
    const parsed = fleetModuleSchema.safeParse(module)
    if (!parsed.success) {
      throw new FleetInputError(`${module.serial}: ${parsed.error.issues.map((i) => i.message).join(', ')}`)
    }
    const client = options.clientName ? await dal.findOrCreateClient(options.clientName) : null
    return dal.saveModule(parsed.data, options, client?.id ?? null)
  }

  return {
    addModule,
    async setBaseStation(serial: string, stationSerial: string) {
      const station = await dal.findBySerial(stationSerial)
      if (!station) throw new FleetInputError(`No module ${stationSerial} in the fleet.`)
      await dal.setBaseStation(serial, station.id)
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
      // One transaction: a failure part way (the database gone, a disk full) imports none either.
      return dal.saveModules(valid)
    },
  }
}
export type FleetService = ReturnType<typeof createFleetService>
