import {
  type ClientAccessChange,
  type FleetImportProblem,
  type FleetImportReport,
  type FleetModule,
  fleetCsvLineSchema,
} from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import { HttpError, issueKey } from '../../app/http-errors'
import type { AlarmEvents } from '../alarms/alarm-events'
import type { AlarmsDal } from '../alarms/alarms-dal'
import type { OperatorDal } from './operator-dal'

/** A module that sent nothing for this long counts as silent on the overview. */
export const silentAfterHours = 24
/** An account whose expiry is this close is listed as nearing it. */
export const expiringWithinDays = 30
const requiredColumns = ['serial', 'pin', 'model'] as const

/** Parses a fleet CSV and checks every line with the shared schema; pure (no database). */
export function checkFleetCsv(text: string): {
  lines: number
  valid: { line: number; module: FleetModule }[]
  problems: FleetImportProblem[]
} {
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
  const column = Object.fromEntries(requiredColumns.map((name) => [name, header.indexOf(name)]))
  if (requiredColumns.some((name) => column[name] === -1)) throw new HttpError('csv_invalid')
  const valid: { line: number; module: FleetModule }[] = []
  const problems: FleetImportProblem[] = []
  const seen = new Set<string>()
  for (const { record, info } of records.slice(1)) {
    const line = info.lines
    const input = {
      serial: record[column.serial!] ?? '',
      pin: record[column.pin!] ?? '',
      model: record[column.model!] ?? '',
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
  return { lines: records.length - 1, valid, problems }
}

/** The operator's (Adminus) back office: every client account, user, module and alarm. */
export function createOperatorService(deps: {
  dal: OperatorDal
  alarmsDal: AlarmsDal
  alarmEvents: AlarmEvents
  /** Ends the sockets of ended sessions and of everyone working in the account. */
  endClientSockets: (idClient: number, sessionIds: string[]) => void
  /** Forgets a deleted module in the caches that know modules by serial number. */
  forgetModule: (serial: string) => void
  now: () => Date
}) {
  const { dal } = deps
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
      return client
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
      const client = await dal.client(id)
      if (!client) throw new HttpError('not_found')
      const unusable =
        client.blocked ||
        (client.expires_at !== null && Date.parse(client.expires_at) <= deps.now().getTime())
      if (unusable) deps.endClientSockets(id, await dal.endClientSessions(id))
      return client
    },
    users: () => dal.users(),
    devices: () => dal.modules(false),
    objects: () => dal.modules(true),
    async device(id: number) {
      const module = await dal.module(id)
      if (!module) throw new HttpError('not_found')
      return module
    },
    async addDevice(module: FleetModule) {
      const ids = await dal.addModules([module])
      if (!ids) throw new HttpError('serial_in_fleet')
      return (await dal.module(ids[0]!))!
    },
    /** All or nothing: any refused line (format, duplicate, serial already in the fleet) imports none. */
    async importCsv(text: string): Promise<FleetImportReport> {
      const { lines, valid, problems } = checkFleetCsv(text)
      const existing = await dal.existingSerials(valid.map(({ module }) => module.serial))
      for (const { line, module } of valid)
        if (existing.has(module.serial))
          problems.push({
            line,
            serial: module.serial,
            problems: [{ field: 'serial', message: 'errors.serial_in_fleet' }],
          })
      problems.sort((a, b) => a.line - b.line)
      if (problems.length || !valid.length) return { lines, imported: 0, problems }
      const ids = await dal.addModules(valid.map(({ module }) => module))
      if (!ids) throw new HttpError('serial_in_fleet')
      return { lines, imported: ids.length, problems: [] }
    },
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
