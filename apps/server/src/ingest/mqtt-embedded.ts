import net from 'node:net'
import { isOwnDownTopic, parseUpTopic } from '@kropla/domain'
import { Aedes, type AuthenticateError } from 'aedes'
import type { Logger } from 'pino'
import { IngestClosedError, type IngestService } from './ingest-service'
import type { ObjectDirectory } from './object-directory'

export interface MqttTransport {
  publish(topic: string, payload: string): Promise<void>
  close(): Promise<void>
  /** The port the embedded broker listens on (0 when the broker is external). */
  port: number
}

const notAuthorized = 5

function refusal(message: string): AuthenticateError {
  const error = new Error(message) as AuthenticateError
  error.returnCode = notAuthorized
  return error
}

/**
 * The embedded broker: modules log in with serial and PIN, may publish only under their own
 * serial (a base station also for its modules) and subscribe only to their own `down/#`.
 * Each message is acknowledged (PUBACK) only after ingest has committed it.
 */
export async function startEmbeddedBroker(options: {
  port: number
  host: string
  directory: ObjectDirectory
  ingest: IngestService
  logger: Logger
}): Promise<MqttTransport> {
  const { directory, ingest, logger } = options
  const broker = await Aedes.createBroker({ concurrency: 10_000, drainTimeout: 30_000 })

  broker.authenticate = (client, username, password, done) => {
    const serial = client.id
    if (!username || username !== serial || !password) return done(refusal('not authorized'), false)
    directory
      .authenticate(serial, password.toString())
      .then((object) => (object ? done(null, true) : done(refusal('not authorized'), false)))
      .catch((error: Error) => done(refusal(error.message), false))
  }

  broker.authorizePublish = (client, packet, done) => {
    const topic = parseUpTopic(packet.topic)
    if (!client || !topic) return done(new Error('topic not allowed'))
    if (topic.serial === client.id) return done(null)
    Promise.all([directory.find(client.id), directory.find(topic.serial)])
      .then(([station, module]) =>
        station && module?.baseStationId === station.id ? done(null) : done(new Error('topic not allowed')),
      )
      .catch((error: Error) => done(error))
  }

  broker.authorizeSubscribe = (client, subscription, done) => {
    done(null, client && isOwnDownTopic(client.id, subscription.topic) ? subscription : null)
  }

  await new Promise<void>((resolve) =>
    broker.subscribe(
      'kropla/v1/+/up/+',
      (packet, ack) => {
        const topic = parseUpTopic(packet.topic)
        if (!topic) return ack()
        directory
          .find(topic.serial)
          .then((object) =>
            object ? ingest.handleUp(object, topic.kind, packet.payload as Buffer) : undefined,
          )
          .then(() => ack())
          .catch((error: unknown) => {
            // A message that cannot be taken now stays unacknowledged; the module sends it again.
            if (!(error instanceof IngestClosedError))
              logger.error({ err: error, topic: packet.topic }, 'ingest failed')
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
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => broker.close(() => resolve()))
    },
  }
}
