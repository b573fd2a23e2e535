import http from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type DemoModule,
  demoFarm,
  downTopic,
  findModel,
  type UpKind,
  upTopic,
  validateReadings,
} from '@kropla/domain'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createFarmSimulator,
  type FarmSimulator,
  type FarmSimulatorOptions,
  simulatorFirmware,
} from './farm-simulator'
import { type FarmBroker, type SentMessage, startFarmBroker } from './test/farm-broker'

const modules: readonly DemoModule[] = demoFarm.modules
const gateways = modules.filter((module) => !module.baseStation).map((module) => module.serial)
const valve = 'DEMO-VALVO-0001'
const relayed = 'DEMO-TRIO-0002'
const baseStation = 'DEMO-AGB-0001'

let broker: FarmBroker
let simulator: FarmSimulator | undefined
let clock: Date
let log: string[]

beforeEach(async () => {
  broker = await startFarmBroker(modules)
  clock = new Date('2026-05-01T04:00:00Z')
  log = []
  simulator = undefined
})

afterEach(async () => {
  await simulator?.stop()
  await broker.close()
})

function startSimulator(overrides: Partial<FarmSimulatorOptions> = {}) {
  simulator = createFarmSimulator({
    mqttUrl: broker.url,
    // Readings are taken by calling tick(); the interval never fires during a test.
    intervalMs: 3_600_000,
    now: () => clock,
    reconnectPeriodMs: 50,
    logger: { info: (m) => log.push(m), warn: (m) => log.push(m), error: (m) => log.push(m) },
    ...overrides,
  })
  return simulator
}

const advanceClock = (ms: number) => {
  clock = new Date(clock.getTime() + ms)
}
const on = (serial: string, kind: UpKind) => (message: SentMessage) => message.topic === upTopic(serial, kind)
const body = (message: SentMessage) => JSON.parse(message.payload)
const sentOn = (serial: string, kind: UpKind) => broker.sent.filter(on(serial, kind))
const dataAt = (serial: string, ts: string) =>
  broker.waitFor(`${serial} data at ${ts}`, (m) => on(serial, 'data')(m) && body(m).ts === ts)
const statesOf = (serial: string) => sentOn(serial, 'state').map(body)

describe('the simulated farm on MQTT', () => {
  it('connects each module with its serial and PIN, says online (retained) and hello, then sends catalogue data', async () => {
    await startSimulator().start()

    expect([...broker.accepted].sort()).toEqual([...gateways].sort())
    for (const module of modules) {
      const via = module.baseStation ?? module.serial
      const online = await broker.waitFor(`${module.serial} online`, (m) => on(module.serial, 'status')(m))
      expect(online).toMatchObject({ clientId: via, payload: 'online', retain: true, qos: 1 })
      const hello = await broker.waitFor(`${module.serial} hello`, on(module.serial, 'hello'))
      expect(body(hello)).toEqual({ model: module.model, fw: simulatorFirmware })

      const data = await dataAt(module.serial, '2026-05-01T04:00:00Z')
      const model = findModel(module.model)!
      expect(Object.keys(body(data).values).sort()).toEqual(model.inputs.map((input) => input.name).sort())
      const checked = validateReadings(model, body(data), clock)
      expect(checked.rejected).toEqual([])
      for (const reading of checked.readings) {
        const input = model.inputs.find((candidate) => candidate.name === reading.field)!
        expect(reading.value, reading.field).not.toBeNull()
        expect(reading.value!, reading.field).toBeGreaterThanOrEqual(input.min ?? -Infinity)
        expect(reading.value!, reading.field).toBeLessThanOrEqual(input.max ?? Infinity)
      }
      const order = [online, hello, data].map((message) => broker.sent.indexOf(message))
      expect(order).toEqual([...order].sort((a, b) => a - b))
    }
    // A base station listens for the modules it relays as well.
    expect(broker.subscriptions.map((s) => `${s.clientId} ${s.topic}`).sort()).toEqual(
      modules
        .map((module) => `${module.baseStation ?? module.serial} kropla/v1/${module.serial}/down/#`)
        .sort(),
    )
    expect(broker.sent.every((message) => message.qos === 1)).toBe(true)
    expect(broker.denied).toEqual([])
  })

  it("publishes a relayed module's readings on the base station's connection under the module's own serial", async () => {
    await startSimulator().start()
    advanceClock(10_000)
    await simulator!.tick()

    const data = await dataAt(relayed, '2026-05-01T04:00:10Z')
    expect(data.clientId).toBe(baseStation)
    expect(broker.accepted).not.toContain(relayed)
    expect(sentOn(relayed, 'data').every((message) => message.clientId === baseStation)).toBe(true)
  })

  it('gives up, stopped, when the broker refuses a PIN', async () => {
    const wrongPin = modules.map((module) =>
      module.serial === 'DEMO-ENV-0001' ? { ...module, pin: '0000' } : module,
    )
    await expect(startSimulator({ modules: wrongPin }).start()).rejects.toThrow(/DEMO-ENV-0001.*refused/)
    expect(broker.accepted).not.toContain('DEMO-ENV-0001')
  })

  it('acknowledges a set_output command, switches the output and reports the state', async () => {
    await startSimulator().start()
    const command = { id: 'cmd-1', type: 'set_output', outputs: { o1: { on: true, minutes: null } } }
    await broker.sendToModule(downTopic(valve, 'cmd'), command)

    const state = await broker.waitFor('o1 open', (m) => on(valve, 'state')(m) && body(m).outputs.o1 === true)
    expect(body(state)).toEqual({
      ts: '2026-05-01T04:00:00Z',
      outputs: { o1: true, o2: false, o3: false, o4: false },
    })
    const acks = sentOn(valve, 'ack')
    expect(acks.map(body)).toEqual([
      { id: 'cmd-1', result: 'received' },
      { id: 'cmd-1', result: 'done' },
    ])
    expect(broker.sent.indexOf(acks[1]!)).toBeLessThan(broker.sent.indexOf(state))

    advanceClock(10_000)
    await simulator!.tick()
    expect(body(await dataAt(valve, '2026-05-01T04:00:10Z')).values.o1).toBe(true)
  })

  it('rejects a command for an output the module does not have', async () => {
    await startSimulator().start()
    await broker.sendToModule(downTopic(valve, 'cmd'), {
      id: 'cmd-2',
      type: 'set_output',
      outputs: { o9: { on: true, minutes: 5 } },
    })

    const rejected = await broker.waitFor(
      'rejection',
      (m) => on(valve, 'ack')(m) && body(m).result === 'rejected',
    )
    expect(body(rejected)).toEqual({ id: 'cmd-2', result: 'rejected', error: 'unknown output o9' })
    expect(
      statesOf(valve).every((state) => Object.values(state.outputs).every((open) => open === false)),
    ).toBe(true)
  })

  it('closes a timed opening by itself when its minutes run out on the module clock', async () => {
    await startSimulator().start()
    await broker.sendToModule(downTopic(valve, 'cmd'), {
      id: 'cmd-3',
      type: 'set_output',
      outputs: { o2: { on: true, minutes: 15 } },
    })
    await broker.waitFor('o2 open', (m) => on(valve, 'state')(m) && body(m).outputs.o2 === true)

    advanceClock(16 * 60_000)
    await simulator!.tick()
    const closed = await broker.waitFor(
      'o2 closed',
      (m) => on(valve, 'state')(m) && body(m).ts === '2026-05-01T04:15:00Z',
    )
    expect(body(closed).outputs).toEqual({ o1: false, o2: false, o3: false, o4: false })
    expect(body(await dataAt(valve, '2026-05-01T04:16:00Z')).values.o2).toBe(false)
  })

  it('closes a timed opening on its own timer, with no reading taken and no server message', async () => {
    const realClock = startSimulator({ now: undefined })
    await realClock.start()
    await broker.sendToModule(downTopic(valve, 'cmd'), {
      id: 'cmd-4',
      type: 'set_output',
      outputs: { o3: { on: true, minutes: 0.005 } },
    })
    const opened = await broker.waitFor(
      'o3 open',
      (m) => on(valve, 'state')(m) && body(m).outputs.o3 === true,
    )
    const closed = await broker.waitFor(
      'o3 closed after opening',
      (m) => on(valve, 'state')(m) && broker.sent.indexOf(m) > broker.sent.indexOf(opened),
    )
    expect(body(closed).outputs).toEqual({ o1: false, o2: false, o3: false, o4: false })
  })

  it('acknowledges a config as done', async () => {
    await startSimulator().start()
    await broker.sendToModule(downTopic('DEMO-ENV-0001', 'config'), { id: 'cfg-1', config: { alarms: [] } })
    const ack = await broker.waitFor('config ack', on('DEMO-ENV-0001', 'ack'))
    expect(body(ack)).toEqual({ id: 'cfg-1', result: 'done' })
  })

  it("relays a relayed module's config through its base station and acknowledges it on the module's own topic", async () => {
    await startSimulator().start()
    await broker.sendToModule(downTopic(relayed, 'config'), { id: 'cfg-r', config: { alarms: {} } })
    const ack = await broker.waitFor('relayed config ack', on(relayed, 'ack'))
    expect(ack.clientId).toBe(baseStation)
    expect(body(ack)).toEqual({ id: 'cfg-r', result: 'done' })
    expect(broker.denied).toEqual([])
  })

  it('keeps a base station and the readings it relays going when the broker will not let it listen for its modules', async () => {
    await broker.close()
    broker = await startFarmBroker(modules, { relaySubscriptions: false })
    await startSimulator().start()
    const data = await dataAt(relayed, '2026-05-01T04:00:00Z')
    expect(data.clientId).toBe(baseStation)
    expect(broker.denied).toContain(`${baseStation} subscribed kropla/v1/${relayed}/down/#`)
    expect(log.some((line) => line.includes(`refused the subscription kropla/v1/${relayed}/down/#`))).toBe(
      true,
    )
    await broker.sendToModule(downTopic(baseStation, 'config'), { id: 'cfg-s', config: {} })
    expect(body(await broker.waitFor('station config ack', on(baseStation, 'ack')))).toEqual({
      id: 'cfg-s',
      result: 'done',
    })
  })

  it('refuses a command that arrives after its expires_at and keeps the valve closed', async () => {
    await startSimulator().start()
    await broker.sendToModule(downTopic(valve, 'cmd'), {
      id: 'cmd-late',
      type: 'set_output',
      expires_at: new Date(clock.getTime() - 1000).toISOString(),
      outputs: { o1: { on: true, minutes: 15 } },
    })
    const answer = await broker.waitFor(
      'expired rejection',
      (m) => on(valve, 'ack')(m) && body(m).result === 'rejected',
    )
    expect(body(answer)).toEqual({ id: 'cmd-late', result: 'rejected', error: 'expired' })
    expect(statesOf(valve).some((state) => state.outputs.o1 === true)).toBe(false)
  })

  it('applies a config retained on down/config: the scales report weights net of the tare', async () => {
    const scales = 'DEMO-SCALE-0001'
    await startSimulator().start()
    const gross = body(await dataAt(scales, '2026-05-01T04:00:00Z')).values.WEIGHT_SUM_1
    await broker.sendToModule(downTopic(scales, 'config'), {
      id: 'cfg-2',
      config: { properties: { tara_value: 5 }, inputs: {}, alarms: {} },
    })
    expect(body(await broker.waitFor('scales config ack', on(scales, 'ack')))).toEqual({
      id: 'cfg-2',
      result: 'done',
    })
    advanceClock(10_000)
    await simulator!.tick()
    const net = body(await dataAt(scales, '2026-05-01T04:00:10Z')).values.WEIGHT_SUM_1
    expect(net).toBeCloseTo(gross - 5, 1)
  })

  // A reconnect subscribes, announces and uploads for every module: slow on a busy machine.
  it('buffers readings while the link is down and uploads each once after reconnecting, at most 1000 a message', async () => {
    await startSimulator().start()
    for (const module of modules) await dataAt(module.serial, '2026-05-01T04:00:00Z')

    await broker.cutConnections()
    await vi.waitFor(() =>
      expect(log.filter((line) => line.includes('disconnected'))).toHaveLength(gateways.length),
    )
    // The broker announces a lost module with its last will.
    await broker.waitForDisconnects(gateways.length)
    for (const serial of gateways) {
      expect(sentOn(serial, 'status').at(-1)).toMatchObject({ payload: 'offline', retain: true })
    }

    const offlineTs: string[] = []
    for (let i = 0; i < 1005; i++) {
      advanceClock(10_000)
      await simulator!.tick()
      offlineTs.push(clock.toISOString().replace('.000Z', 'Z'))
    }
    await broker.resume()

    for (const module of modules) {
      const uploads = () => sentOn(module.serial, 'data').filter((message) => 'readings' in body(message))
      await vi.waitFor(
        () => expect(uploads().flatMap((message) => body(message).readings)).toHaveLength(offlineTs.length),
        { timeout: 5000 },
      )
      expect(uploads().map((message) => body(message).readings.length)).toEqual([1000, 5])
      const uploaded = uploads().flatMap((message) => body(message).readings)
      expect(uploaded.map((reading: { ts: string }) => reading.ts)).toEqual(offlineTs)
      const model = findModel(module.model)!
      expect(validateReadings(model, { readings: uploaded }, clock).rejected).toEqual([])

      const everyTs = sentOn(module.serial, 'data').flatMap((message) => {
        const payload = body(message)
        return 'readings' in payload
          ? payload.readings.map((reading: { ts: string }) => reading.ts)
          : [payload.ts]
      })
      expect(everyTs).toEqual(['2026-05-01T04:00:00Z', ...offlineTs])
      expect(sentOn(module.serial, 'status').at(-1)).toMatchObject({ payload: 'online', retain: true })
    }
  }, 30_000)

  it('logs each module in with its device secret, and one without a secret with its PIN', async () => {
    await broker.close()
    const secrets = { [valve]: 'v'.repeat(43), [baseStation]: 's'.repeat(43) }
    broker = await startFarmBroker(modules, { secrets })
    await startSimulator({ secrets }).start()
    expect([...broker.accepted].sort()).toEqual([...gateways].sort())
    await simulator!.stop()
    // A module that offers its PIN where the broker holds its secret is refused.
    await expect(startSimulator().start()).rejects.toThrow(/DEMO-(VALVO|AGB)-0001.*refused/)
  })

  it('stores a secret from down/credentials, acknowledges it, and logs in with it from the next connection on', async () => {
    const saved: Record<string, string>[] = []
    await startSimulator({ onSecretsChanged: (secrets) => void saved.push(secrets) }).start()
    const secret = 'N'.repeat(43)
    await broker.sendToModule(downTopic(valve, 'credentials'), { id: 'cred-1', secret })
    const ack = await broker.waitFor('credentials acknowledged', on(valve, 'ack'))
    expect(body(ack)).toEqual({ id: 'cred-1', result: 'done' })
    // Kept once the broker had the ack, for the next run too.
    await vi.waitFor(() => expect(saved.at(-1)).toEqual({ [valve]: secret }))
    expect(log).toContain(`${valve}: new device secret stored, used from the next connection`)

    // The server takes the PIN away on `done`; after an outage the module comes back with its secret.
    broker.setSecret(valve, secret)
    const connections = broker.accepted.filter((serial) => serial === valve).length
    await broker.cutConnections()
    await broker.resume()
    await vi.waitFor(
      () => expect(broker.accepted.filter((serial) => serial === valve)).toHaveLength(connections + 1),
      { timeout: 5000 },
    )
    // Delivered twice (the retained copy after a reconnect), it is the same secret: nothing changes.
    await broker.sendToModule(downTopic(valve, 'credentials'), { id: 'cred-1', secret })
    await broker.waitFor('second ack', (m) => on(valve, 'ack')(m) && m !== ack)
    expect(saved).toHaveLength(1)
  })

  it('says offline itself on a clean stop, so the broker sends no last will', async () => {
    await startSimulator().start()
    await simulator!.stop()
    await broker.waitForDisconnects(gateways.length)

    for (const module of modules) {
      const offline = sentOn(module.serial, 'status').filter((message) => message.payload === 'offline')
      expect(offline, module.serial).toHaveLength(1)
      expect(offline[0]).toMatchObject({ clientId: module.baseStation ?? module.serial, retain: true })
    }
  })
})

interface Posted {
  path: string
  authorization: string | undefined
  body: Record<string, unknown>
}

/** A stand-in for the server's `POST /ingest/v1/{serial}`: records each upload, answers with `commands`. */
async function startIngest(answer: (posted: Posted) => { status: number; commands?: unknown[] }) {
  const posted: Posted[] = []
  const server = http.createServer((request, response) => {
    let text = ''
    request.on('data', (chunk) => {
      text += chunk
    })
    request.on('end', () => {
      const entry = {
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(text),
      }
      posted.push(entry)
      const { status, commands = [] } = answer(entry)
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify({ accepted: 1, rejected: [], commands }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, posted, close: () => new Promise((resolve) => server.close(resolve)) }
}

describe('the LTE-M probe (WG-100) over HTTP', () => {
  const lte = modules.find((module) => module.model === 'WG-100')!

  it('posts its readings to /ingest/v1/{serial} with its serial and PIN, and acknowledges the config that rides back', async () => {
    let status = 202
    const ingest = await startIngest((posted) =>
      'values' in posted.body && status === 202
        ? {
            status,
            commands: [{ id: 'cfg-h', type: 'config', config: { properties: {}, inputs: {}, alarms: {} } }],
          }
        : { status },
    )
    try {
      await startSimulator({ httpUrl: ingest.url }).start()
      expect(broker.accepted).not.toContain(lte.serial)
      const expectedAuth = `Basic ${Buffer.from(`${lte.serial}:${lte.pin}`).toString('base64')}`
      await vi.waitFor(() => expect(ingest.posted.some((p) => 'acks' in p.body)).toBe(true))
      const [first, ack] = ingest.posted
      expect(first).toMatchObject({ path: `/ingest/v1/${lte.serial}`, authorization: expectedAuth })
      expect(first!.body.ts).toBe('2026-05-01T04:00:00Z')
      const model = findModel('WG-100')!
      expect(
        validateReadings(model, first!.body as { values: Record<string, unknown> }, clock).rejected,
      ).toEqual([])
      expect(ack!.body).toEqual({ acks: [{ id: 'cfg-h', result: 'done' }] })

      // The server is down for two readings: they go, oldest first, with the next upload.
      status = 503
      for (let i = 0; i < 2; i++) {
        advanceClock(10_000)
        await simulator!.tick()
      }
      status = 202
      advanceClock(10_000)
      await simulator!.tick()
      const batch = ingest.posted.at(-1)!.body as { readings: { ts: string }[] }
      expect(batch.readings.map((reading) => reading.ts)).toEqual([
        '2026-05-01T04:00:10Z',
        '2026-05-01T04:00:20Z',
        '2026-05-01T04:00:30Z',
      ])
    } finally {
      await simulator?.stop()
      await ingest.close()
    }
  })

  it('takes a secret riding back on an answer, acknowledges it with its PIN, and uploads with the secret after', async () => {
    const secret = 'H'.repeat(43)
    let given = false
    const ingest = await startIngest((posted) => {
      if (given || !('values' in posted.body)) return { status: 202 }
      given = true
      return { status: 202, commands: [{ id: 'cred-h', type: 'credentials', secret }] }
    })
    const auth = (password: string) => `Basic ${Buffer.from(`${lte.serial}:${password}`).toString('base64')}`
    try {
      await startSimulator({ httpUrl: ingest.url }).start()
      await vi.waitFor(() => expect(ingest.posted.some((p) => 'acks' in p.body)).toBe(true))
      const ack = ingest.posted.find((p) => 'acks' in p.body)!
      expect(ack).toMatchObject({
        authorization: auth(lte.pin),
        body: { acks: [{ id: 'cred-h', result: 'done' }] },
      })
      advanceClock(10_000)
      await simulator!.tick()
      expect(ingest.posted.at(-1)).toMatchObject({
        authorization: auth(secret),
        body: { ts: '2026-05-01T04:00:10Z' },
      })
    } finally {
      await simulator?.stop()
      await ingest.close()
    }
  })
})
