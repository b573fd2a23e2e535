import { findInput } from '../catalogue/catalogue'
import type { DeviceModel } from '../catalogue/types'
import type { DataPayload, ReadingSet } from './payloads'

/** How far ahead of the server clock a module's `ts` may be before the reading set is refused. */
export const maxFutureSkewMs = 5 * 60 * 1000

/**
 * The oldest `ts` a reading may carry. Older than any module of the catalogue, so such a stamp is
 * a clock that was never set (1970, 0000); and every stamp from here to the future bound fits in a
 * PostgreSQL timestamptz, so no reading that passes validation can make the database refuse a batch.
 */
export const oldestReadingTs = new Date('2000-01-01T00:00:00Z')

export type ReadingValue = number | null

export interface Reading {
  field: string
  ts: Date
  value: ReadingValue
}

export type RejectionReason =
  | 'malformed_json'
  | 'malformed_payload'
  | 'unknown_field'
  | 'not_a_number'
  | 'invalid_ts'
  | 'future_ts'
  | 'unknown_model'
  | 'not_allowed'
  /** The module acknowledged a `down/config` with `rejected`. */
  | 'config_rejected'
  /** Passed validation, but the database refused it for good (detail: ts, SQLSTATE, message). */
  | 'database_refused'
  /** A device login (MQTT CONNECT, HTTP ingest) of a module on PIN logins with a wrong PIN (detail: the address). */
  | 'wrong_pin'
  /** A device login of a module with a device secret with anything else, its PIN included (detail: the address). */
  | 'wrong_secret'
  /** A device login refused unchecked while failed logins make it wait (detail: address, wait). */
  | 'login_throttled'

export interface Rejection {
  field: string | null
  reason: RejectionReason
  detail?: string
}

export interface ValidatedReadings {
  readings: Reading[]
  rejected: Rejection[]
}

/**
 * Checks a data payload against the model's catalogue entry, field by field: a field the model
 * does not have, or a value of the wrong kind, is rejected and the rest of the message is kept.
 * Outputs store true/false as 1/0 so that every reading is one number column.
 */
export function validateReadings(
  model: DeviceModel,
  payload: DataPayload,
  receivedAt: Date,
): ValidatedReadings {
  const sets = 'readings' in payload ? payload.readings : [payload]
  const result: ValidatedReadings = { readings: [], rejected: [] }
  for (const set of sets) validateReadingSet(model, set, receivedAt, result)
  return result
}

function validateReadingSet(
  model: DeviceModel,
  set: ReadingSet,
  receivedAt: Date,
  into: ValidatedReadings,
): void {
  const ts = set.ts === undefined ? receivedAt : parseTimestamp(set.ts)
  if (!ts || ts < oldestReadingTs) {
    into.rejected.push({ field: null, reason: 'invalid_ts', detail: String(set.ts) })
    return
  }
  if (ts.getTime() - receivedAt.getTime() > maxFutureSkewMs) {
    into.rejected.push({ field: null, reason: 'future_ts', detail: set.ts })
    return
  }
  for (const [field, raw] of Object.entries(set.values)) {
    const input = findInput(model, field)
    if (!input) {
      into.rejected.push({ field, reason: 'unknown_field' })
      continue
    }
    const value = toReadingValue(input.kind, raw)
    if (value === undefined) {
      into.rejected.push({ field, reason: 'not_a_number', detail: JSON.stringify(raw)?.slice(0, 64) })
      continue
    }
    into.readings.push({ field, ts, value })
  }
}

function toReadingValue(kind: 'number' | 'output' | 'flag', raw: unknown): ReadingValue | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw
  if (kind === 'number') return undefined
  if (raw === null) return null
  if (kind === 'output' && typeof raw === 'boolean') return raw ? 1 : 0
  return undefined
}

const isoUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]00:?00)$/

function parseTimestamp(text: string): Date | null {
  if (!isoUtc.test(text)) return null
  const date = new Date(text)
  if (Number.isNaN(date.getTime())) return null
  // Date rolls impossible dates over (30 February becomes 2 March, 24:00 the next day): refuse them.
  return date.toISOString().slice(0, 19) === text.slice(0, 19) ? date : null
}
