import {
  type AckPayload,
  ackPayloadSchema,
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
import { createReadingWriter } from './reading-writer'

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

export type { WriteFailure } from './reading-writer'

export class IngestClosedError extends Error {}

/**
 * Device ingest: validates module messages against the catalogue, writes readings in batches and
 * answers each message only once its readings are committed, so an acknowledged reading is never
 * lost. Live rows go to the owning account after the commit.
 */
export function createIngestService(options: IngestOptions) {
  const now = options.now ?? (() => new Date())
  const { modules } = options
  let closed = false
  let messages = 0
  const writer = createReadingWriter({
    database: options.database,
    publisher: options.publisher,
    logger: options.logger,
    flushMs: options.flushMs,
    ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
    now,
    ...(options.onReadings ? { onReadings: options.onReadings } : {}),
    closing: () => closed,
  })
  const { enqueue, flush } = writer

  function reject(serial: string, list: Rejection[]): IngestResult {
    writer.countRejections(serial, list)
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
    messages++
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
    /** Messages handled, readings stored, duplicates, values rejected, batches written. */
    get stats() {
      return { messages, ...writer.stats }
    },
    /** Since when writes have been failing, or null when the last one succeeded. */
    writeFailure: writer.writeFailure,
    /** Stops taking messages and writes everything already taken. */
    async close() {
      closed = true
      await flush()
    },
  }
}
export type IngestService = ReturnType<typeof createIngestService>
