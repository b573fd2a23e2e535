import os from 'node:os'
import { parseUpTopic } from '@kropla/domain'
import mqtt from 'mqtt'
import type { Logger } from 'pino'
import type { IngestService } from './ingest-service'
import { createKeyedQueue } from './keyed-queue'
import type { MqttTransport } from './mqtt-embedded'
import type { ObjectDirectory } from './object-directory'

/** Shared subscription: with several server processes the broker spreads device messages among them. */
const ingestSubscription = '$share/kropla-ingest/kropla/v1/+/up/+'

/**
 * Ingest from an external broker (Mosquitto, EMQX). The broker authenticates modules and enforces
 * topic rights and acknowledges the modules' messages itself; the server acknowledges its copy only
 * after commit. What arrives while no server is subscribed is not kept (ADR 0013).
 */
export async function connectExternalBroker(options: {
  url: string
  /** Tells server processes on one host apart (their HTTP port). */
  sessionName: string
  directory: ObjectDirectory
  ingest: IngestService
  logger: Logger
}): Promise<MqttTransport> {
  const { directory, ingest, logger } = options
  const client = mqtt.connect(options.url, {
    // A clean session on purpose: a persistent one that never comes back would keep receiving its
    // share of the shared subscription, and those readings would wait in a queue nobody reads.
    clientId: `kropla-server-${os.hostname()}-${options.sessionName}-${process.pid}`,
    protocolVersion: 5,
    clean: true,
    reconnectPeriod: 2000,
  })
  // mqtt.js sends the PUBACK when this callback is called: only after the reading is stored.
  const statusOrder = createKeyedQueue()
  client.handleMessage = (packet, callback) => {
    const topic = parseUpTopic(packet.topic)
    if (!topic) return callback()
    const handle = async () => {
      const object = await directory.find(topic.serial)
      if (object) await ingest.handleUp(object, topic.kind, packet.payload as Buffer)
    }
    // Readings are idempotent in any order; a module's status changes must keep theirs.
    const handled = topic.kind === 'status' ? statusOrder.run(topic.serial, handle) : handle()
    handled
      .then(() => callback())
      .catch((error: unknown) => logger.error({ err: error, topic: packet.topic }, 'ingest failed'))
  }
  client.on('error', (error) => logger.error({ err: error }, 'external MQTT broker error'))
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve())
    client.once('error', reject)
  })
  await client.subscribeAsync(ingestSubscription, { qos: 1 })
  logger.info({ url: options.url.replace(/\/\/[^@]*@/, '//***@') }, 'connected to external MQTT broker')
  return {
    port: 0,
    publish: async (topic, payload, publishOptions) => {
      await client.publishAsync(topic, payload, { qos: 1, retain: publishOptions?.retain ?? false })
    },
    close: () => client.endAsync(),
  }
}
