import net from 'node:net'
import { parseUpTopic } from '@kropla/domain'
import { Aedes, type AuthenticateError } from 'aedes'
import type { Logger } from 'pino'
import type { DeviceLogin } from './device-login'
import { IngestClosedError, type IngestService } from './ingest-service'
import { createKeyedQueue } from './keyed-queue'
import { createModuleRights } from './module-rights'
import type { ObjectDirectory } from './object-directory'

export interface MqttTransport {
  /** QoS 1; `retain` keeps the message for a module that subscribes later (its configuration). */
  publish(topic: string, payload: string, options?: { retain?: boolean }): Promise<void>
  close(): Promise<void>
  /** The port the embedded broker listens on (0 when the broker is external). */
  port: number
}

const notAuthorized = 5
/** CONNACK 3 "server unavailable": try again later (the password was not checked). */
const tryLater = 3
/** A refused CONNECT is answered after the wait it caused, up to this long, so a guesser gains nothing from speed. */
const maxRefusalHoldMs = 5000

function refusal(
  message: string,
  returnCode: AuthenticateError['returnCode'] = notAuthorized,
): AuthenticateError {
  const error = new Error(message) as AuthenticateError
  error.returnCode = returnCode
  return error
}

/**
 * The embedded broker: modules log in with serial and device secret (PIN for a module without one), may publish only under their own
 * serial and subscribe only to their own `down/#` (a base station both also for its modules).
 * Each message is acknowledged (PUBACK) only after ingest has committed it.
 */
export async function startEmbeddedBroker(options: {
  port: number
  host: string
  directory: ObjectDirectory
  ingest: IngestService
  login: DeviceLogin
  logger: Logger
}): Promise<MqttTransport> {
  const { directory, ingest, login, logger } = options
  const broker = await Aedes.createBroker({ concurrency: 10_000, drainTimeout: 30_000 })
  const rights = createModuleRights(directory)

  broker.authenticate = (client, username, password, done) => {
    const serial = client.id
    const secret = username === serial && password ? password.toString() : null
    login
      .authenticate(serial, secret, (client.conn as { remoteAddress?: string }).remoteAddress)
      .then((result) => {
        if (result.ok) return done(null, true)
        const answer = result.throttled ? refusal('too many attempts', tryLater) : refusal('not authorized')
        setTimeout(() => done(answer, false), Math.min(result.waitMs, maxRefusalHoldMs))
      })
      .catch((error: Error) => done(refusal(error.message), false))
  }

  // aedes sends the PUBACK as soon as this callback is called, so ingest happens here: a module
  // hears "received" only once its readings are committed.
  broker.authorizePublish = (client, packet, done) => {
    const topic = parseUpTopic(packet.topic)
    if (!client || !topic) return done(new Error('topic not allowed'))
    rights
      .mayPublishFor(client.id, topic.serial)
      .then(async (object) => {
        if (!object) return done(new Error('topic not allowed'))
        // Status goes through the subscription below, where last wills arrive as well.
        if (topic.kind !== 'status') await ingest.handleUp(object, topic.kind, packet.payload as Buffer)
        done(null)
      })
      .catch((error: unknown) => {
        // Not acknowledged: the module sends the message again.
        if (!(error instanceof IngestClosedError))
          logger.error({ err: error, topic: packet.topic }, 'ingest failed')
        done(error as Error)
      })
  }

  // A module subscribes to its own `down/#`; a base station also to those of the modules it
  // relays for, so their commands and configuration reach them over its radio link.
  broker.authorizeSubscribe = (client, subscription, done) => {
    if (!client) return done(null, null)
    rights
      .maySubscribe(client.id, subscription.topic)
      .then((allowed) => done(null, allowed ? subscription : null))
      .catch((error: unknown) => {
        logger.error({ err: error, topic: subscription.topic }, 'subscription check failed')
        done(null, null)
      })
  }

  const statusOrder = createKeyedQueue()
  await new Promise<void>((resolve) =>
    broker.subscribe(
      'kropla/v1/+/up/status',
      (packet, ack) => {
        ack()
        const topic = parseUpTopic(packet.topic)
        if (!topic) return
        statusOrder
          .run(topic.serial, async () => {
            const object = await directory.find(topic.serial)
            if (object) await ingest.handleUp(object, 'status', packet.payload as Buffer)
          })
          .catch((error: unknown) => {
            if (!(error instanceof IngestClosedError))
              logger.error({ err: error, topic: packet.topic }, 'status failed')
          })
      },
      resolve,
    ),
  )

  broker.on('clientError', (client, error) =>
    logger.debug({ client: client.id, err: error }, 'mqtt client error'),
  )
  const server = net.createServer(broker.handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  logger.info({ port }, 'embedded MQTT broker listening')

  return {
    port,
    publish: (topic, payload, publishOptions) =>
      new Promise((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: Buffer.from(payload),
            qos: 1,
            retain: publishOptions?.retain ?? false,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    async close() {
      // net.Server.close waits for open connections, so the broker drops its clients meanwhile.
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => broker.close(() => resolve()))
      await stopped
    },
  }
}
