import { EventEmitter } from 'node:events'
import net from 'node:net'
import { type DemoModule, downFilterSerial, isOwnDownTopic, parseUpTopic } from '@kropla/domain'
import { Aedes, type AuthenticateError, type Client } from 'aedes'

/** A message a module sent, as the broker saw it before delivering it. */
export interface SentMessage {
  clientId: string
  topic: string
  payload: string
  qos: number
  retain: boolean
}

export interface FarmBroker {
  url: string
  /** Serials the broker accepted a connection from, in order (one entry per connection). */
  accepted: string[]
  sent: SentMessage[]
  subscriptions: { clientId: string; topic: string }[]
  /** Publications and subscriptions the protocol forbids, which the broker refused. */
  denied: string[]
  /** Sends a message to a module as the server would (QoS 1). */
  sendToModule(topic: string, payload: object): Promise<void>
  /** From now on the module logs in with this device secret, and its PIN no longer (as the server does on `done`). */
  setSecret(serial: string, secret: string): void
  waitFor(description: string, matches: (message: SentMessage) => boolean): Promise<SentMessage>
  waitForDisconnects(count: number): Promise<void>
  /** Stops listening and cuts every connection without a DISCONNECT, as a network outage would. */
  cutConnections(): Promise<void>
  /** Listens again on the same port. */
  resume(): Promise<void>
  close(): Promise<void>
}

const waitLimitMs = 5000

/**
 * A real MQTT broker (aedes) that enforces the device protocol the way Kropla's server does:
 * serial and password (the device secret when the module has one, else its PIN) checked at connect, publishing only under one's own serial (or a relayed
 * module's), subscribing only to one's own `down/#` (or a relayed module's).
 */
export async function startFarmBroker(
  fleet: readonly DemoModule[],
  options: {
    /** False: a base station may not listen for its modules (a failure SUBACK, as before protocol v1 allowed it). */
    relaySubscriptions?: boolean
    /** Device secrets by serial: those modules log in with them, the others with their PINs. */
    secrets?: Readonly<Record<string, string>>
  } = {},
): Promise<FarmBroker> {
  const secrets = new Map(Object.entries(options.secrets ?? {}))
  const events = new EventEmitter()
  const accepted: string[] = []
  const sent: SentMessage[] = []
  const subscriptions: FarmBroker['subscriptions'] = []
  const denied: string[] = []
  const clients = new Set<Client>()
  let disconnects = 0

  const broker = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const module = fleet.find((candidate) => candidate.serial === username)
      const expected = module && (secrets.get(module.serial) ?? module.pin)
      const valid = module && client.id === username && password?.toString() === expected
      if (valid) {
        accepted.push(module.serial)
        return done(null, true)
      }
      const error = new Error('not authorized') as AuthenticateError
      error.returnCode = 5
      done(error, false)
    },
    authorizePublish(client, packet, done) {
      if (!client) return done()
      const topic = parseUpTopic(packet.topic)
      const publisher = topic && fleet.find((module) => module.serial === topic.serial)
      if (!publisher || (publisher.serial !== client.id && publisher.baseStation !== client.id)) {
        denied.push(`${client.id} published ${packet.topic}`)
        return done(new Error('not allowed'))
      }
      const message: SentMessage = {
        clientId: client.id,
        topic: packet.topic,
        payload: packet.payload.toString(),
        qos: packet.qos,
        retain: packet.retain,
      }
      sent.push(message)
      events.emit('sent', message)
      done()
    },
    authorizeSubscribe(client, subscription, done) {
      const serial = downFilterSerial(subscription.topic)
      const relays = fleet.some((module) => module.serial === serial && module.baseStation === client.id)
      if (relays && options.relaySubscriptions === false) {
        denied.push(`${client.id} subscribed ${subscription.topic}`)
        return done(null, null)
      }
      if (!isOwnDownTopic(client.id, subscription.topic) && !relays) {
        denied.push(`${client.id} subscribed ${subscription.topic}`)
        return done(new Error('not allowed'))
      }
      subscriptions.push({ clientId: client.id, topic: subscription.topic })
      done(null, subscription)
    },
  })
  broker.on('clientReady', (client) => clients.add(client))
  broker.on('clientDisconnect', (client) => {
    clients.delete(client)
    disconnects++
    events.emit('disconnect')
  })

  let server = net.createServer(broker.handle)
  await listen(server, 0)
  const port = (server.address() as net.AddressInfo).port

  return {
    url: `mqtt://127.0.0.1:${port}`,
    accepted,
    sent,
    subscriptions,
    denied,
    sendToModule: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish(
          {
            cmd: 'publish',
            topic,
            payload: Buffer.from(JSON.stringify(payload)),
            qos: 1,
            retain: false,
            dup: false,
          },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    setSecret: (serial, secret) => {
      secrets.set(serial, secret)
    },
    waitFor: (description, matches) => waitUntil(events, 'sent', description, () => sent.find(matches)),
    waitForDisconnects: async (count) => {
      await waitUntil(events, 'disconnect', `${count} disconnects`, () =>
        disconnects >= count ? true : undefined,
      )
    },
    async cutConnections() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      for (const client of clients) client.conn.destroy()
      await closed
    },
    async resume() {
      server = net.createServer(broker.handle)
      await listen(server, port)
    },
    async close() {
      for (const client of clients) client.conn.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await new Promise<void>((resolve) => broker.close(() => resolve()))
    },
  }
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
}

/** Resolves with the first non-undefined `check()` result, re-checking whenever `event` fires. */
function waitUntil<T>(events: EventEmitter, event: string, description: string, check: () => T | undefined) {
  return new Promise<T>((resolve, reject) => {
    const attempt = () => {
      const found = check()
      if (found === undefined) return
      cleanUp()
      resolve(found)
    }
    const timer = setTimeout(() => {
      cleanUp()
      reject(new Error(`Timed out waiting for ${description}`))
    }, waitLimitMs)
    const cleanUp = () => {
      clearTimeout(timer)
      events.off(event, attempt)
    }
    events.on(event, attempt)
    attempt()
  })
}
