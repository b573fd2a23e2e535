import { buildLiveDataRows, type Reading, type Rejection } from '@kropla/domain'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { LivePublisher } from './live-publisher'
import type { KnownObject } from './object-directory'
import {
  mergeStoredBatches,
  type ReadingRow,
  type StoredBatch,
  storeReadings,
  storeRejections,
} from './readings-dal'
import { createRejectionCounter } from './rejection-counter'
import { describeWriteError, isPermanentWriteError, writeSplittingRefused } from './split-refused-batch'

export interface ReadingWriterOptions {
  /** Readings and rejection counts are written through ingest's own pool (`readings-dal`, ADR 0093). */
  database: Database
  publisher: LivePublisher
  logger: Logger
  flushMs: number
  /** A batch this large is written at once instead of waiting for the timer. */
  maxBatch?: number
  now: () => Date
  /** Readings newly stored (not redelivered duplicates), per module, after the commit: alarm evaluation. */
  onReadings?: (object: KnownObject, readings: Reading[]) => void
  /** Whether ingest is closing: a write failing for a passing reason is then given up after a few tries. */
  closing: () => boolean
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

/**
 * The write side of ingest: validated readings queue here, are written in batches (the first
 * waits at most flushMs) and resolve once committed, with those the database refused for good; live
 * rows go to the owning account after the commit. Rejection counts ride along with each batch.
 */
export function createReadingWriter(options: ReadingWriterOptions) {
  const { now } = options
  const maxBatch = options.maxBatch ?? 5000
  const rejections = createRejectionCounter(now)
  const pending: Pending[] = []
  let pendingRows = 0
  let timer: NodeJS.Timeout | undefined
  let writing: Promise<void> | undefined
  const stats = { stored: 0, duplicates: 0, rejected: 0, flushes: 0 }
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
        if (options.closing() && attempt >= 3) throw error
        options.logger.error({ err: error, attempt }, 'ingest write failed; retrying')
        await new Promise((resolve) => setTimeout(resolve, retryPauseMs(attempt)))
      }
    }
  }

  function countRejections(serial: string, list: Rejection[]) {
    stats.rejected += list.length
    rejections.add(serial, list)
  }

  return {
    enqueue,
    flush,
    /** Counts a module's rejected values for the operator's view; written with the next batch. */
    countRejections(serial: string, list: Rejection[]) {
      if (!list.length) return
      countRejections(serial, list)
      schedule()
    },
    stats,
    writeFailure: () => writeFailure,
  }
}
export type ReadingWriter = ReturnType<typeof createReadingWriter>
