import { type DemoModule, downFilterSerial, protocolPrefix, upTopic } from '@kropla/domain'
import mqtt, { ErrorWithReasonCode, type MqttClient } from 'mqtt'
import type { SimulatorLogger } from '../logger'
import type { ModuleCredentials } from './credentials'
import { type BufferedReading, createReadingBuffer } from './reading-buffer'

export interface DeviceLinkOptions {
  mqttUrl: string
  /** The module holding the connection: it logs in with its serial and its password in `credentials`. */
  gateway: DemoModule
  /** Each module's password: its device secret, or its PIN; read again at every (re)connection. */
  credentials: ModuleCredentials
  /** Modules a base station publishes for over its own connection. */
  relayed: readonly DemoModule[]
  firmware: string
  reconnectPeriodMs: number
  logger: SimulatorLogger
  /** A message arrived on `down/{kind}` of the gateway or of a module it relays for. */
  onDown(serial: string, kind: string, payload: Buffer): void
  /** The connection is (re)established, subscribed and announced. */
  onConnected(): void
}

/** One MQTT connection, as one module (and the modules it relays for) holds it. */
export interface DeviceLink {
  readonly serials: readonly string[]
  /** Resolves once the broker accepts the connection; rejects if it refuses the credentials. */
  connect(): Promise<void>
  /** Publishes a reading set now, or keeps it for the buffered upload when the link is down. */
  sendReading(serial: string, reading: BufferedReading): Promise<void>
  /** Resolves once the server has the message (MQTT: its PUBACK; HTTP: the upload's 202). */
  publish(serial: string, kind: 'ack' | 'state', payload: object): Promise<void>
  /** Marks every serial `offline` and disconnects cleanly, so the broker does not send the last will. */
  close(): Promise<void>
}

const qos = 1
/** MQTT CONNACK codes (3.1.1 and 5) meaning the broker will not have these credentials. */
const refusalCodes = new Set([4, 5, 0x86, 0x87])
/** How long a clean stop waits for the broker to acknowledge the last messages. */
const closeTimeoutMs = 3000

export function createDeviceLink(options: DeviceLinkOptions): DeviceLink {
  const { gateway, relayed, logger } = options
  const modules = [gateway, ...relayed]
  const serials = modules.map((module) => module.serial)
  const buffer = createReadingBuffer()
  const downFilter = (serial: string) => `${protocolPrefix}/${serial}/down/#`
  const ownDownFilter = downFilter(gateway.serial)
  /** A base station listens for its modules too and forwards what comes over its radio link. */
  const relayedDownFilters = relayed.map((module) => downFilter(module.serial))
  let client: MqttClient | undefined
  let abandonConnecting: ((reason: Error) => void) | undefined
  let closing = false
  /** Connected, subscribed and announced: live readings may go straight out. */
  let ready = false
  let flushing = false
  /** Connected to the broker right now (announced or not). */
  let up = false
  /** The current outage is already in the log; retries stay quiet. */
  let quiet = false

  const publishJson = async (topic: string, payload: object | string, retain = false) => {
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload)
    await client!.publishAsync(topic, body, { qos, retain })
  }

  async function announce() {
    // Subscribe before saying `online`, so a command the server sends in reply is not missed.
    await client!.subscribeAsync(ownDownFilter, { qos })
    // A broker that does not let a base station listen for its modules (before protocol v1 said
    // it may) refuses only that: the station and the readings it relays carry on.
    for (const filter of relayedDownFilters)
      await client!.subscribeAsync(filter, { qos }).catch((error: Error) => {
        logger.warn(`${gateway.serial}: the broker refused the subscription ${filter} (${error.message})`)
      })
    for (const module of modules) {
      await publishJson(upTopic(module.serial, 'status'), 'online', true)
      await publishJson(upTopic(module.serial, 'hello'), { model: module.model, fw: options.firmware })
    }
    ready = true
    options.onConnected()
    await uploadBuffered()
  }

  /**
   * Uploads what was buffered, oldest first, at most 1000 readings a message. A batch leaves the
   * buffer only when handed to the MQTT client, whose QoS 1 store resends it after a reconnect,
   * so nothing is lost and nothing is sent twice by us.
   */
  async function uploadBuffered() {
    if (flushing) return
    flushing = true
    try {
      for (let batch = buffer.takeBatch(); batch; batch = ready ? buffer.takeBatch() : null) {
        logger.info(`${batch.serial}: uploading ${batch.readings.length} buffered readings`)
        await publishJson(upTopic(batch.serial, 'data'), { readings: batch.readings })
      }
    } finally {
      flushing = false
    }
  }

  function connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      let accepted = false
      abandonConnecting = reject
      client = mqtt.connect(options.mqttUrl, {
        clientId: gateway.serial,
        username: gateway.serial,
        password: options.credentials.password(gateway.serial),
        protocolVersion: 4,
        clean: true,
        resubscribe: false,
        reconnectPeriod: options.reconnectPeriodMs,
        reconnectOnConnackError: true,
        will: {
          topic: upTopic(gateway.serial, 'status'),
          payload: Buffer.from('offline'),
          qos,
          retain: true,
        },
      })
      // A secret stored since the last connection (down/credentials) is the password from now on.
      client.on('reconnect', () => {
        if (client) client.options.password = options.credentials.password(gateway.serial)
      })
      client.on('connect', () => {
        up = true
        quiet = false
        accepted = true
        logger.info(`${gateway.serial}: connected`)
        announce()
          .catch((error: Error) => logger.warn(`${gateway.serial}: announcing failed: ${error.message}`))
          .finally(resolve)
      })
      client.on('close', () => {
        ready = false
        if (up && !closing) {
          logger.warn(`${gateway.serial}: disconnected, buffering readings`)
          quiet = true
        }
        up = false
      })
      client.on('error', (error) => {
        const refused = error instanceof ErrorWithReasonCode && refusalCodes.has(error.code)
        if (refused && !accepted) {
          client?.end(true)
          reject(new Error(`${gateway.serial}: the broker refused the connection (${error.message})`))
          return
        }
        if (!quiet || refused) logger.warn(`${gateway.serial}: ${error.message}`)
        quiet = true
      })
      client.on('message', (topic, payload) => {
        const serial = downFilterSerial(topic)
        if (serial && serials.includes(serial))
          options.onDown(serial, topic.slice(`${protocolPrefix}/${serial}/down/`.length), payload)
      })
    })
  }

  return {
    serials,
    connect,
    async sendReading(serial, reading) {
      if (closing) return
      if (!ready) {
        if (!buffer.add(serial, reading)) logger.warn(`${serial}: buffer full, oldest reading dropped`)
        return
      }
      await publishJson(upTopic(serial, 'data'), reading)
    },
    async publish(serial, kind, payload) {
      if (closing || !client) return
      await publishJson(upTopic(serial, kind), payload)
    },
    async close() {
      if (closing || !client) return
      closing = true
      abandonConnecting?.(new Error(`${gateway.serial}: stopped before the broker accepted the connection`))
      const active = client
      if (buffer.size() > 0)
        logger.warn(`${gateway.serial}: stopped with ${buffer.size()} readings never uploaded`)
      if (active.connected) {
        const goodbye = Promise.all(
          serials.map((serial) =>
            active.publishAsync(upTopic(serial, 'status'), 'offline', { qos, retain: true }),
          ),
        ).then(() => active.endAsync())
        const timedOut = await Promise.race([
          goodbye.then(() => false),
          delay(closeTimeoutMs).then(() => true),
        ])
        if (!timedOut) return
      }
      await active.endAsync(true)
    },
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref())
}
