import {
  type ClientAccessChange,
  type FleetImportAnswer,
  type FleetImportProblem,
  type FleetModule,
  failedLoginHours,
  fleetCsvLineSchema,
  fleetImportAtOnceLines,
  type OperatorModule,
} from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import { HttpError, issueKey } from '../../app/http-errors'
import { hashDeviceSecret } from '../../ingest/device-secret'
import type { AlarmEvents } from '../alarms/alarm-events'
import type { AlarmsDal } from '../alarms/alarms-dal'
import type { CommandService } from '../commands/command-service'
import type { StoredFleetModule } from '../fleet/fleet-dal'
import type { FleetImports } from './fleet-import'
import type { OperatorDal } from './operator-dal'

/** A module that sent nothing for this long counts as silent on the overview. */
export const silentAfterHours = 24
/** An account whose expiry is this close is listed as nearing it. */
export const expiringWithinDays = 30
const requiredColumns = ['serial', 'pin', 'model'] as const

/** What the fleet stores of a module: its device secret only as the hash (ADR 0087). */
export const stored = ({ secret, ...module }: FleetModule): StoredFleetModule => ({
  ...module,
  secretHash: secret ? hashDeviceSecret(secret) : null,
})

/** A fleet CSV's data lines and where its columns are. */
export interface ParsedFleetCsv {
  records: { record: string[]; info: { lines: number } }[]
  column: Record<string, number>
}

/** Parses a fleet CSV and finds its columns; `csv_invalid` without serial, pin and model. Pure. */
export function parseFleetCsv(text: string): ParsedFleetCsv {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      delimiter: [',', ';'],
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch {
    throw new HttpError('csv_invalid')
  }
  const header = (records[0]?.record ?? []).map((name) => name.toLowerCase())
  const column = Object.fromEntries(
    [...requiredColumns, 'secret'].map((name) => [name, header.indexOf(name)]),
  )
  if (requiredColumns.some((name) => column[name] === -1)) throw new HttpError('csv_invalid')
  return { records: records.slice(1), column }
}

/**
 * Checks data lines of a parsed fleet CSV with the shared schema, `seen` carrying the serials of
 * the lines checked before (a part at a time: the import yields between parts). Pure.
 */
export function checkFleetLines(
  records: ParsedFleetCsv['records'],
  column: ParsedFleetCsv['column'],
  seen: Set<string>,
): { valid: { line: number; module: FleetModule }[]; problems: FleetImportProblem[] } {
  const valid: { line: number; module: FleetModule }[] = []
  const problems: FleetImportProblem[] = []
  for (const { record, info } of records) {
    const line = info.lines
    const input = {
      serial: record[column.serial!] ?? '',
      pin: record[column.pin!] ?? '',
      model: record[column.model!] ?? '',
      secret: (column.secret! >= 0 ? record[column.secret!] : undefined) ?? '',
    }
    const parsed = fleetCsvLineSchema.safeParse(input)
    if (!parsed.success) {
      problems.push({
        line,
        serial: input.serial,
        problems: parsed.error.issues.map((issue) => ({
          field: String(issue.path[0] ?? 'line'),
          message: issueKey(issue),
        })),
      })
    } else if (seen.has(parsed.data.serial)) {
      problems.push({
        line,
        serial: parsed.data.serial,
        problems: [{ field: 'serial', message: 'errors.csv_duplicate_serial' }],
      })
    } else {
      seen.add(parsed.data.serial)
      valid.push({ line, module: parsed.data })
    }
  }
  return { valid, problems }
}

/** Parses a fleet CSV and checks every line with the shared schema; pure (no database). */
export function checkFleetCsv(text: string): {
  lines: number
  valid: { line: number; module: FleetModule }[]
  problems: FleetImportProblem[]
} {
  const { records, column } = parseFleetCsv(text)
  return { lines: records.length, ...checkFleetLines(records, column, new Set()) }
}

/** The operator's (Adminus) back office: every client account, user, module and alarm. */
export function createOperatorService(deps: {
  dal: OperatorDal
  /** Fleet imports, run a part at a time in the background (ADR 0094). */
  imports: FleetImports
  alarmsDal: AlarmsDal
  alarmEvents: AlarmEvents
  /** Ends the sockets of ended sessions and of everyone working in the account. */
  endClientSockets: (idClient: number, sessionIds: string[]) => void
  /** Forgets a deleted module in the caches that know modules by serial number. */
  forgetModule: (serial: string) => void
  /** Sends `down/credentials` (the command machinery). */
  commands: Pick<CommandService, 'sendCredentials'>
  /**
   * MQTT_URL is set and the server neither keeps that broker's logins (MQTT_DYNSEC) nor answers its
   * login hook (MQTT_HOOK_TOKEN): the broker checks module logins from its own configuration, which
   * a new secret would not reach.
   */
  externalBroker: boolean
  /** Secrets known at this moment (a fleet file imported): an external broker kept in step is given them (ADR 0091). */
  onSecrets?: (modules: { serial: string; secret: string }[]) => Promise<void>
  now: () => Date
}) {
  const { dal } = deps
  /** A failed login within the last day: the module may be being guessed. */
  const withLoginState = <T extends Omit<OperatorModule, 'failed_logins_recent'>>(module: T) => {
    const since = deps.now().getTime() - failedLoginHours * 3600_000
    const at = module.last_failed_login_at
    return { ...module, failed_logins_recent: at !== null && Date.parse(at) > since }
  }
  async function device(id: number) {
    const module = await dal.module(id)
    if (!module) throw new HttpError('not_found')
    return withLoginState(module)
  }
  return {
    overview: async () => {
      const now = deps.now().getTime()
      const figures = await dal.overview(
        new Date(now - silentAfterHours * 3600_000),
        new Date(now + expiringWithinDays * 86_400_000),
      )
      return { ...figures, silent_after_hours: silentAfterHours, expiring_within_days: expiringWithinDays }
    },
    clients: () => dal.clients(),
    async client(id: number) {
      const client = await dal.client(id)
      if (!client) throw new HttpError('not_found')
      return { ...client, module_list: client.module_list.map(withLoginState) }
    },
    /**
     * Blocks or unblocks the account, sets or clears its expiry. When it can no longer be used
     * (blocked, or expired now) its users are logged out at once: sessions ended, sockets dropped.
     */
    async setAccess(id: number, change: ClientAccessChange) {
      const expiresAt =
        change.expires_at === undefined
          ? undefined
          : change.expires_at === null
            ? null
            : new Date(change.expires_at)
      if (!(await dal.setAccess(id, { blocked: change.blocked, expiresAt }))) throw new HttpError('not_found')
      const found = await dal.client(id)
      if (!found) throw new HttpError('not_found')
      const client = { ...found, module_list: found.module_list.map(withLoginState) }
      const unusable =
        client.blocked ||
        (client.expires_at !== null && Date.parse(client.expires_at) <= deps.now().getTime())
      if (unusable) deps.endClientSockets(id, await dal.endClientSessions(id))
      return client
    },
    users: () => dal.users(),
    devices: async () => (await dal.modules(false)).map(withLoginState),
    objects: async () => (await dal.modules(true)).map(withLoginState),
    device,
    /** Without a secret the module logs in with its PIN: the back office never makes one, as it never shows one. */
    async addDevice(module: FleetModule) {
      const ids = await dal.addModules([stored(module)])
      if (!ids) throw new HttpError('serial_in_fleet')
      return device(ids[0]!)
    },
    /**
     * "Give this module a secret": `down/credentials` over its own connection, recorded as the
     * operator's command (and so in the audit log); the module logs in with it once it acks `done`.
     */
    async giveSecret(id: number, user: { id: number }) {
      if (deps.externalBroker) throw new HttpError('secret_external_broker')
      await deps.commands.sendCredentials({ idObject: id, idUser: user.id })
      return device(id)
    },
    /**
     * All or nothing: any refused line (format, duplicate, serial already in the fleet) imports
     * none. Always run a part at a time in the background (ADR 0094); a file of at most
     * `fleetImportAtOnceLines` lines is awaited and answered with its report, a larger one with
     * the job, whose progress the back office polls (`importJob`).
     */
    async importCsv(text: string): Promise<FleetImportAnswer> {
      const started = deps.imports.start(text)
      const lines = text.split('\n').length - 1
      if (lines > fleetImportAtOnceLines) return started
      await deps.imports.ended(started.id)
      const job = deps.imports.get(started.id)
      if (job.state === 'failed')
        throw new HttpError(job.error === 'errors.csv_invalid' ? 'csv_invalid' : 'internal')
      return { lines: job.lines, imported: job.imported, problems: job.problems }
    },
    importJob: (id: string) => deps.imports.get(id),
    async deleteObject(id: number) {
      const module = await dal.module(id)
      if (!module) throw new HttpError('not_found')
      if (!(await dal.deleteModule(id))) throw new HttpError('not_found')
      deps.forgetModule(module.serial)
    },
    alarms: () => dal.alarms(),
    async confirmAlarms(
      user: { id: number; name: string; family_name: string; email: string },
      ids: number[],
    ) {
      const name = `${user.name} ${user.family_name}`.trim() || user.email
      const confirmed = await dal.confirmAlarms(ids, { id: user.id, name }, deps.now())
      const rows = await deps.alarmsDal.byIds(confirmed)
      if (rows.length) await deps.alarmEvents.changed(rows)
      return { confirmed: confirmed.length }
    },
    async messageReaders(id: number) {
      const readers = await dal.messageReaders(id)
      if (!readers) throw new HttpError('not_found')
      return readers
    },
  }
}
export type OperatorService = ReturnType<typeof createOperatorService>
