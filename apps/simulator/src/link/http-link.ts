import type { DemoModule } from '@kropla/domain'
import { maxBufferedReadings } from '@kropla/domain'
import type { SimulatorLogger } from '../logger'
import type { ModuleCredentials } from './credentials'
import type { DeviceLink } from './device-link'
import { type BufferedReading, defaultBufferCapacity } from './reading-buffer'

/** Models that talk to the server over HTTP rather than MQTT (LTE-M). */
export const httpModels: ReadonlySet<string> = new Set(['WG-100'])

export interface HttpLinkOptions {
  /** The server's base address, e.g. http://127.0.0.1:8080. */
  httpUrl: string
  module: DemoModule
  /** The module's password (its device secret, or its PIN), read for every request. */
  credentials: ModuleCredentials
  logger: SimulatorLogger
  /** A command rode back on an upload's answer: handled like a `down/{kind}` message. */
  onDown(serial: string, kind: string, payload: Buffer): void
}

/** How long one upload may take before it counts as failed and the readings wait for the next. */
const requestTimeoutMs = 10_000

/**
 * An LTE-M module (WG-100): no lasting connection. Each reading is a `POST /ingest/v1/{serial}`
 * with HTTP Basic serial:secret (serial:PIN without one); readings that could not be delivered wait in the buffer and go
 * first, at most 1000 a request, with the next upload. Commands waiting for the module (its
 * configuration) come back on the answer; their acknowledgements are posted straight after.
 */
export function createHttpLink(options: HttpLinkOptions): DeviceLink {
  const { module, logger } = options
  const url = new URL(`/ingest/v1/${encodeURIComponent(module.serial)}`, options.httpUrl).toString()
  const authorization = () =>
    `Basic ${Buffer.from(`${module.serial}:${options.credentials.password(module.serial)}`).toString('base64')}`
  /** Readings not yet delivered, oldest first, bounded like the MQTT modules' buffer. */
  const pending: BufferedReading[] = []
  /** Acknowledgements not yet delivered, each with what to call once the server has it. */
  let acks: { payload: object; delivered: () => void }[] = []
  let closed = false
  let failing = false

  /** Posts one body; answers true when the server took it (202), handling the commands it returned. */
  async function post(body: object): Promise<boolean> {
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: authorization(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(requestTimeoutMs),
      })
    } catch (error) {
      if (!failing)
        logger.warn(`${module.serial}: upload failed, buffering readings: ${(error as Error).message}`)
      failing = true
      return false
    }
    if (response.status >= 500) {
      if (!failing)
        logger.warn(`${module.serial}: the server answered ${response.status}, buffering readings`)
      failing = true
      return false
    }
    failing = false
    const answer = (await response.json().catch(() => null)) as { commands?: unknown[] } | null
    if (response.status !== 202) {
      // Wrong credentials or a refused payload: sending it again would not help.
      logger.warn(`${module.serial}: the server refused the upload (${response.status})`)
      return true
    }
    for (const command of answer?.commands ?? []) {
      const type = (command as { type?: unknown } | null)?.type
      options.onDown(
        module.serial,
        type === 'config' || type === 'credentials' ? type : 'cmd',
        Buffer.from(JSON.stringify(command)),
      )
    }
    return true
  }

  async function flushAcks() {
    if (acks.length === 0) return
    const sending = acks
    acks = []
    if (!(await post({ acks: sending.map((ack) => ack.payload) }))) acks = [...sending, ...acks]
    else for (const ack of sending) ack.delivered()
  }

  async function upload(reading: BufferedReading) {
    pending.push(reading)
    if (pending.length > defaultBufferCapacity) {
      pending.shift()
      logger.warn(`${module.serial}: buffer full, oldest reading dropped`)
    }
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBufferedReadings)
      const body = batch.length === 1 ? batch[0]! : { readings: batch }
      if (!(await post(body))) return
      pending.splice(0, batch.length)
    }
    await flushAcks()
  }

  // Uploads run one after another, so readings reach the server oldest first.
  let queue: Promise<void> = Promise.resolve()

  return {
    serials: [module.serial],
    async connect() {},
    sendReading(_serial, reading) {
      if (closed) return Promise.resolve()
      queue = queue.then(() => upload(reading))
      return queue
    },
    publish(_serial, kind, payload) {
      // An HTTP module has no outputs to report; its acknowledgements go out on the next request,
      // and this resolves when one delivers them.
      if (kind !== 'ack' || closed) return Promise.resolve()
      const delivered = new Promise<void>((resolve) => acks.push({ payload, delivered: resolve }))
      queue = queue.then(flushAcks)
      return delivered
    },
    async close() {
      closed = true
      await queue
      if (pending.length > 0)
        logger.warn(`${module.serial}: stopped with ${pending.length} readings never uploaded`)
    },
  }
}
