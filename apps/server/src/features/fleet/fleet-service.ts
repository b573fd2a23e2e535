import { type FleetModule, fleetModuleSchema, fleetSecretEntrySchema } from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import { hashDeviceSecret, newDeviceSecret } from '../../ingest/device-secret'
import type { FleetDal, StoredFleetModule } from './fleet-dal'

export interface AddModuleOptions {
  /** Activates the module on this client account (created when absent). */
  clientName?: string
  name?: string
  location?: { lng: number; lat: number }
}

export class FleetInputError extends Error {}

/** A device secret made for a new module, to be written into it: handed out once, never stored. */
export interface GeneratedSecret {
  serial: string
  secret: string
}

const stored = ({ secret, ...module }: FleetModule, generated?: string): StoredFleetModule => {
  const given = secret ?? generated
  return { ...module, secretHash: given ? hashDeviceSecret(given) : null }
}

function checked(module: FleetModule): FleetModule {
  const parsed = fleetModuleSchema.safeParse(module)
  if (!parsed.success) {
    throw new FleetInputError(`${module.serial}: ${parsed.error.issues.map((i) => i.message).join(', ')}`)
  }
  return parsed.data
}

/**
 * The operator's fleet of manufactured modules: serial number, PIN (the claim code), model and the
 * device secret the module logs in with, kept only as its hash (ADR 0087).
 */
export function createFleetService(dal: FleetDal) {
  /**
   * Adds the module, or updates the one with its serial number. With `secret` the module logs in
   * with it from now on; without, an existing module keeps what it has and a new one logs in with
   * its PIN (a module made before secrets; seeds and tests add theirs this way).
   */
  async function addModule(module: FleetModule, options: AddModuleOptions = {}) {
    const valid = checked(module)
    const client = options.clientName ? await dal.findOrCreateClient(options.clientName) : null
    return dal.saveModule(stored(valid), options, client?.id ?? null)
  }

  return {
    addModule,

    /**
     * `kropla fleet add`: as addModule, but a module new to the fleet that comes without a secret
     * gets one made here (unless `withoutSecret`: a module made before secrets), answered once in
     * `generatedSecret` for writing into the module.
     */
    async enrolModule(module: FleetModule, options: AddModuleOptions & { withoutSecret?: boolean } = {}) {
      const valid = checked(module)
      const isNew = !valid.secret && !options.withoutSecret && !(await dal.findBySerial(valid.serial))
      const generatedSecret = isNew ? newDeviceSecret() : null
      const client = options.clientName ? await dal.findOrCreateClient(options.clientName) : null
      const row = await dal.saveModule(
        stored(valid, generatedSecret ?? undefined),
        options,
        client?.id ?? null,
      )
      return { row, generatedSecret }
    },

    /**
     * `kropla fleet broker-secrets`: the lines of a CSV with serial and secret columns (the fleet
     * file, or a --secrets-out file) whose secret is the one the fleet holds the hash of; the
     * serials of the others (unknown, or another secret) are named.
     */
    async matchingSecrets(text: string): Promise<{ matching: GeneratedSecret[]; other: string[] }> {
      const records = parse(text, {
        columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
        skip_empty_lines: true,
        trim: true,
      }) as Record<string, string>[]
      const matching: GeneratedSecret[] = []
      const other: string[] = []
      for (const { serial = '', secret = '' } of records) {
        if (!secret || secret === 'none') continue
        const row = await dal.findBySerial(serial)
        if (row?.secret_hash && row.secret_hash === hashDeviceSecret(secret))
          matching.push({ serial, secret })
        else other.push(serial)
      }
      return { matching, other }
    },

    async setBaseStation(serial: string, stationSerial: string) {
      const station = await dal.findBySerial(stationSerial)
      if (!station) throw new FleetInputError(`No module ${stationSerial} in the fleet.`)
      await dal.setBaseStation(serial, station.id)
    },

    /**
     * Imports a CSV with a header line naming serial, pin and model, and optionally client and
     * secret. A line's secret is stored as its hash; `none` marks a module made before secrets (it
     * logs in with its PIN); a module new to the fleet with an empty secret gets one made here,
     * handed to `saveGeneratedSecrets` before anything is stored (so none is stored that the
     * operator does not have). An existing module without one keeps what it has.
     */
    async importCsv(
      text: string,
      options: { saveGeneratedSecrets?: (secrets: GeneratedSecret[]) => Promise<void> } = {},
    ): Promise<{
      imported: number
      generated: number
      /** Every secret stored, given in the file or made here: for an external broker kept in step (ADR 0091). */
      secrets: GeneratedSecret[]
    }> {
      const records = parse(text, {
        columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
        skip_empty_lines: true,
        trim: true,
      }) as Record<string, string>[]
      const problems: string[] = []
      const valid: { module: FleetModule; clientName?: string; secret: string | undefined }[] = []
      records.forEach((record, index) => {
        const parsed = fleetModuleSchema.omit({ secret: true }).safeParse({
          serial: record.serial,
          pin: record.pin,
          model: record.model,
        })
        const secret = fleetSecretEntrySchema.safeParse(record.secret ?? '')
        if (parsed.success && secret.success)
          valid.push({ module: parsed.data, clientName: record.client || undefined, secret: secret.data })
        else
          problems.push(
            `line ${index + 2}: ${[
              ...(parsed.error?.issues ?? []),
              ...(secret.error?.issues.map((issue) => ({ ...issue, path: ['secret'] })) ?? []),
            ]
              .map((i) => `${i.path.join('.')} ${i.message}`)
              .join(', ')}`,
          )
      })
      // All or nothing: a list with a bad line is refused whole, so the operator fixes and re-runs it.
      if (problems.length) throw new FleetInputError(`Nothing imported:\n${problems.join('\n')}`)

      const existing = await dal.existingSerials(valid.map(({ module }) => module.serial))
      const generated: GeneratedSecret[] = []
      const known = new Map<string, string>()
      const entries = valid.map(({ module, clientName, secret }) => {
        let given = secret === 'none' ? undefined : secret
        // A serial listed twice makes one secret: the later line is the one stored.
        if (given === undefined && secret !== 'none' && !existing.has(module.serial)) {
          given = newDeviceSecret()
          generated.push({ serial: module.serial, secret: given })
        }
        if (given !== undefined) known.set(module.serial, given)
        else known.delete(module.serial)
        return { module: stored({ ...module, secret: given }), clientName }
      })
      const kept = new Map(entries.map((entry) => [entry.module.serial, entry.module.secretHash]))
      const handedOut = generated.filter(
        ({ serial, secret }) => kept.get(serial) === hashDeviceSecret(secret),
      )
      if (handedOut.length) {
        if (!options.saveGeneratedSecrets)
          throw new FleetInputError(
            `Nothing imported: ${handedOut.length} new modules have no secret. Give a file for the secrets made for them (--secrets-out), or write none in the secret column of modules made before secrets.`,
          )
        await options.saveGeneratedSecrets(handedOut)
      }
      // One transaction: a failure part way (the database gone, a disk full) imports none either.
      const imported = await dal.saveModules(entries)
      return {
        imported,
        generated: handedOut.length,
        secrets: [...known].map(([serial, secret]) => ({ serial, secret })),
      }
    },
  }
}
export type FleetService = ReturnType<typeof createFleetService>
