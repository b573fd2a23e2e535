import {
  type AckPayload,
  ackPayloadSchema,
  buildLiveDataRows,
  connectionState,
  dataPayloadSchema,
  helloPayloadSchema,
  type Reading,
  type Rejection,
  type StatePayload,
  statePayloadSchema,
  statusPayloadSchema,
  type UpKind,
  validateReadings,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { LivePublisher } from './live-publisher'
import type { ModuleRecordsDal } from './module-records-dal'
import type { KnownObject, ObjectDirectory } from './object-directory'
import {
  mergeStoredBatches,
  type ReadingRow,
  type StoredBatch,
  storeReadings,
  storeRejections,
} from './readings-dal'
import { createRejectionCounter } from './rejection-counter'
import { describeWriteError, isPermanentWriteError, writeSplittingRefused } from './split-refused-batch'

export interface IngestOptions {
  /** Readings and rejection counts are written through ingest's own pool (`readings-dal`, ADR 0093). */
  database: Database
  /** The modules' hello and status stamps. */
  modules: Pick<ModuleRecordsDal, 'recordFirmware' | 'recordConnection'>
  directory: ObjectDirectory
  publisher: LivePublisher
  logger: Logger
  flushMs: number
  /** A batch this large is written at once instead of waiting for the timer. */
  maxBatch?: number
  now?: () => Date
  /**
   * A module's `up/ack` (MQTT, or `acks` in an HTTP upload): the feature that sent the command
   * settles it and names what to count as rejected (e.g. a refused configuration).
   */
  onAck?: (object: KnownObject, ack: AckPayload) => Promise<Rejection[]>
  /**
   * A module's `up/state`, once its output values are stored: manual opens and output plans confirm
   * the state the module reports. Runs before the message is answered; a failure is logged.
   */
  onState?: (object: KnownObject, state: StatePayload, receivedAt: Date) => Promise<void>
  /** Readings newly stored (not redelivered duplicates), per module, after the commit: alarm evaluation. */
  onReadings?: (object: KnownObject, readings: Reading[]) => void
  /** Every message handled, with what came of it: the supervisor's traffic view. */
  onTraffic?: (entry: { serial: string; kind: string; accepted: number; rejected: number }) => void
}

export interface IngestResult {
  accepted: number
  rejected: Rejection[]
}

interface Pending {
  object: KnownObject
  readings: Reading[]
  /** Called once the readings are committed, with those the database refused for good. */
  done: (refused: Rejection[]) => void
}

/** Since when ingest has been unable to write, and the last error (null while writes succeed). */
export interface WriteFailure {
  since: Date
  error: string
}

/** Pauses between attempts at a write that failed for a passing reason: a recovered database is noticed within 5 s. */
const retryPauseMs = (attempt: number) => Math.min(5000, 250 * 2 ** attempt)

export class IngestClosedError extends Error {}

/**
 * Device ingest: validates module messages against the catalogue, writes readings in batches and
 * answers each message only once its readings are committed, so an acknowledged reading is never
 * lost. Live rows go to the owning account after the commit.
 */
export function createIngestService(options: IngestOptions) {
  const now = options.now ?? (() => new Date())
  const maxBatch = options.maxBatch ?? 5000
  const rejections = createRejectionCounter(now)
  const { modules } = options
  const pending: Pending[] = []
  let pendingRows = 0
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> | undefined
  let closed = false
  const stats = { messages: 0, stored: 0, duplicates: 0, rejected: 0, flushes: 0 }
  let writeFailure: WriteFailure | null = null

  /** The first reading waits at most flushMs; while a write runs, what arrives joins the next one. */
  function schedule() {
    if (writing) return
    if (pendingRows >= maxBatch) void flush()
    else timer ??= setTimeout(() => void flush(), options.flushMs)
  }

  function enqueue(object: KnownObject, readings: Reading[]): Promise<Rejection[]> {
    if (readings.length === 0) return Promise.resolve([])
    return new Promise<Rejection[]>((resolve) => {
      pending.push({ object, readings, done: resolve })
      pendingRows += readings.length
      schedule()
    })
  }

  /** Writes everything pending, batch after batch, and resolves when nothing is left. */
  function flush(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    writing ??= writeAll()
    return writing
  }

  async function writeAll() {
    // Let `writing` be assigned before the loop can finish and clear it.
    await Promise.resolve()
    try {
      while (pending.length > 0 || rejections.size > 0) await writeBatch(takeBatch())
    } finally {
      writing = undefined
    }
  }

  /** Whole messages, oldest first, up to maxBatch rows (one message larger than that goes alone). */
  function takeBatch(): Pending[] {
    let rows = 0
    let count = 0
    while (count < pending.length && (count === 0 || rows + pending[count]!.readings.length <= maxBatch)) {
      rows += pending[count]!.readings.length
      count++
    }
    const batch = pending.splice(0, count)
    pendingRows -= rows
    return batch
  }

  async function writeBatch(batch: Pending[]) {
    await writeRejectionCounts()
    if (batch.length === 0) return
    const rows: (ReadingRow & { item: Pending; reading: Reading })[] = []
    for (const item of batch) {
      for (const reading of item.readings) {
        rows.push({
          objectId: item.object.id,
          field: reading.field,
          ts: reading.ts,
          value: reading.value,
          idClient: item.object.idClient!,
          item,
          reading,
        })
      }
    }
    // A batch the database refuses for what it holds is written again in parts, so that one bad
    // reading costs only itself: it is rejected (and the message acknowledged), the rest stored.
    const outcome = await writeSplittingRefused(rows, async (part) => ({
      rows: part,
      stored: await retry(() => storeReadings(options.database.ingest.pool, part)),
    }))
    const stored = mergeStoredBatches(outcome.stored)
    stats.flushes++
    stats.stored += stored.insertedCount
    stats.duplicates += rows.length - outcome.refused.length - stored.insertedCount
    const refusedByItem = new Map<Pending, Rejection[]>()
    for (const { row, error } of outcome.refused) {
      const rejection: Rejection = {
        field: row.field,
        reason: 'database_refused',
        detail: `${row.ts.toISOString()} ${describeWriteError(error)}`,
      }
      options.logger.warn({ serial: row.item.object.serial, rejection }, 'database refused a reading')
      refusedByItem.set(row.item, [...(refusedByItem.get(row.item) ?? []), rejection])
      row.item.readings = row.item.readings.filter((reading) => reading !== row.reading)
    }
    for (const [item, refused] of refusedByItem) countRejections(item.object.serial, refused)
    for (const item of batch) item.done(refusedByItem.get(item) ?? [])
    publishLiveRows(batch, stored)
  }

  /** Rejection counts are the operator's view, not the modules' data: a count the database refuses is logged and dropped. */
  async function writeRejectionCounts() {
    const counts = rejections.take()
    if (!counts.length) return
    try {
      await retry(() => storeRejections(options.database.ingest.pool, counts))
    } catch (error) {
      if (!isPermanentWriteError(error)) throw error
      options.logger.error({ err: error, counts }, 'rejection counts refused by the database; dropped')
    }
  }

  function publishLiveRows(batch: Pending[], stored: StoredBatch) {
    const latestByObject = new Map<number, typeof stored.latest>()
    for (const entry of stored.latest) {
      const list = latestByObject.get(entry.objectId)
      if (list) list.push(entry)
      else latestByObject.set(entry.objectId, [entry])
    }
    const byObject = new Map<number, { object: KnownObject; readings: Reading[] }>()
    for (const item of batch) {
      const fresh = item.readings.filter((r) => stored.isInserted(item.object.id, r.field, r.ts))
      if (fresh.length === 0) continue
      const entry = byObject.get(item.object.id) ?? { object: item.object, readings: [] }
      entry.readings.push(...fresh)
      byObject.set(item.object.id, entry)
    }
    for (const { object, readings } of byObject.values()) {
      const latest = (latestByObject.get(object.id) ?? []).map((l) => ({
        field: l.field,
        ts: l.ts,
        value: l.value,
        previousTs: l.prevTs,
        previousValue: l.prevValue,
      }))
      const rows = buildLiveDataRows(
        { id: object.id, activatedAt: object.activatedAt, deactivatedAt: object.deactivatedAt },
        readings,
        latest,
      )
      options.publisher.data(object.idClient!, rows)
      try {
        options.onReadings?.(object, readings)
      } catch (error) {
        options.logger.error({ err: error, serial: object.serial }, 'reading listener failed')
      }
    }
  }

  /**
   * Keeps retrying a write that failed for a passing reason (connection, serialization, ...) with
   * growing pauses: the messages stay unacknowledged meanwhile and readiness reports the failure.
   * A refusal for good (a data error) is thrown at once, for the caller to split the batch.
   */
  async function retry<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await write()
        writeFailure = null
        return result
      } catch (error) {
        if (isPermanentWriteError(error)) throw error
        writeFailure = { since: writeFailure?.since ?? now(), error: describeWriteError(error) }
        if (closed && attempt >= 3) throw error
        options.logger.error({ err: error, attempt }, 'ingest write failed; retrying')
        await new Promise((resolve) => setTimeout(resolve, retryPauseMs(attempt)))
      }
    }
  }

  function countRejections(serial: string, list: Rejection[]) {
    stats.rejected += list.length
    rejections.add(serial, list)
  }

  function reject(serial: string, list: Rejection[]): IngestResult {
    if (list.length) {
      countRejections(serial, list)
      schedule()
    }
    return { accepted: 0, rejected: list }
  }

  function parseJson(raw: Buffer | string): { ok: true; value: unknown } | { ok: false } {
    try {
      return { ok: true, value: JSON.parse(raw.toString()) }
    } catch {
      return { ok: false }
    }
  }

  /** Readings of a data (or state) payload: validated, queued, resolved once committed. */
  async function acceptReadings(
    object: KnownObject,
    payload: unknown,
    receivedAt: Date,
  ): Promise<IngestResult> {
    if (closed) throw new IngestClosedError('ingest is shutting down')
    if (!object.model) return reject(object.serial, [{ field: null, reason: 'unknown_model' }])
    if (object.idClient === null)
      return reject(object.serial, [{ field: null, reason: 'not_allowed', detail: 'module not activated' }])
    const parsed = dataPayloadSchema.safeParse(payload)
    if (!parsed.success)
      return reject(object.serial, [
        { field: null, reason: 'malformed_payload', detail: parsed.error.issues[0]?.message },
      ])
    const { readings, rejected } = validateReadings(object.model, parsed.data, receivedAt)
    reject(object.serial, rejected)
    const refused = await enqueue(object, readings)
    return { accepted: readings.length - refused.length, rejected: [...rejected, ...refused] }
  }

  async function handleUp(object: KnownObject, kind: UpKind, raw: Buffer | string): Promise<IngestResult> {
    if (closed) throw new IngestClosedError('ingest is shutting down')
    stats.messages++
    const receivedAt = now()
    if (kind === 'status') return updateConnection(object, raw.toString())
    const json = parseJson(raw)
    if (!json.ok)
      return reject(object.serial, [
        { field: null, reason: 'malformed_json', detail: raw.toString().slice(0, 64) },
      ])
    switch (kind) {
      case 'data':
        return acceptReadings(object, json.value, receivedAt)
      case 'state': {
        const state = statePayloadSchema.safeParse(json.value)
        if (!state.success)
          return reject(object.serial, [{ field: null, reason: 'malformed_payload', detail: 'state' }])
        const result = await acceptReadings(
          object,
          { ts: state.data.ts, values: state.data.outputs },
          receivedAt,
        )
        await options.onState?.(object, state.data, receivedAt).catch((error: unknown) => {
          options.logger.error({ err: error, serial: object.serial }, 'output state listener failed')
        })
        return result
      }
      case 'hello':
        return recordHello(object, json.value)
      case 'ack':
        return acknowledge(object, json.value)
    }
  }

  async function acknowledge(object: KnownObject, payload: unknown): Promise<IngestResult> {
    const ack = ackPayloadSchema.safeParse(payload)
    if (!ack.success)
      return reject(object.serial, [{ field: null, reason: 'malformed_payload', detail: 'ack' }])
    options.logger.debug({ serial: object.serial, ack: ack.data }, 'module acknowledgement')
    const rejected = (await options.onAck?.(object, ack.data)) ?? []
    reject(object.serial, rejected)
    return { accepted: 0, rejected }
  }

  async function recordHello(object: KnownObject, payload: unknown): Promise<IngestResult> {
    const hello = helloPayloadSchema.safeParse(payload)
    if (!hello.success)
      return reject(object.serial, [{ field: null, reason: 'malformed_payload', detail: 'hello' }])
    const expected = object.model?.registeredAs ?? object.model?.code
    if (hello.data.model !== expected) {
      reject(object.serial, [
        { field: null, reason: 'unknown_model', detail: `hello says ${hello.data.model}` },
      ])
    }
    await modules.recordFirmware(object.id, hello.data.fw ?? null)
    return { accepted: 0, rejected: [] }
  }

  async function updateConnection(object: KnownObject, text: string): Promise<IngestResult> {
    const status = statusPayloadSchema.safeParse(text.trim())
    if (!status.success)
      return reject(object.serial, [{ field: null, reason: 'malformed_payload', detail: 'status' }])
    const connection = status.data === 'online' ? connectionState.connected : connectionState.disconnected
    await modules.recordConnection(object.id, connection)
    if (object.idClient !== null)
      options.publisher.objectConnection(object.idClient, { id_object: object.id, connection })
    return { accepted: 0, rejected: [] }
  }

  return {
    async handleUp(object: KnownObject, kind: UpKind, raw: Buffer | string): Promise<IngestResult> {
      const result = await handleUp(object, kind, raw)
      options.onTraffic?.({
        serial: object.serial,
        kind,
        accepted: result.accepted,
        rejected: result.rejected.length,
      })
      return result
    },
    async acceptReadings(object: KnownObject, payload: unknown) {
      const result = await acceptReadings(object, payload, now())
      options.onTraffic?.({
        serial: object.serial,
        kind: 'data',
        accepted: result.accepted,
        rejected: result.rejected.length,
      })
      return result
    },
    acknowledge,
    countRejection: reject,
    flush,
    stats,
    /** Since when writes have been failing, or null when the last one succeeded. */
    writeFailure: () => writeFailure,
    /** Stops taking messages and writes everything already taken. */
    async close() {
      closed = true
      await flush()
    },
  }
}
export type IngestService = ReturnType<typeof createIngestService>
