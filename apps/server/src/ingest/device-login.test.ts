import http from 'node:http'
import net from 'node:net'
import mqtt from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFleetDal } from '../features/fleet/fleet-dal'
import { createFleetService } from '../features/fleet/fleet-service'
import { seedAccount, startTestServer, type TestServer, until } from '../test/test-server'
import { newDeviceSecret } from './device-secret'

// Linux answers on all of 127.0.0.0/8: each local address below is a different source address.
const usualAddress = '127.0.0.2'
const attackerAddress = '127.0.0.3'
const newAddress = '127.0.0.4'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
/** Modules 1, 2, 6 and 7 log in with a device secret; the others with their PIN. */
const secrets = new Map<string, string>()
const secretOf = (module: { serial: string }) => secrets.get(module.serial)!

// Three wrong PINs for one serial block it for a minute (production: 5 per address, 20 per serial).
const strict = { free: 3, baseMs: 60_000, capMs: 60_000, forgetMs: 3600_000 }

beforeAll(async () => {
  server = await startTestServer(
    {},
    { deviceLoginPolicies: { pair: strict, serial: strict, address: { ...strict, free: 1000 } } },
  )
  farm = await seedAccount(server, [
    'WG-100',
    'WG-100',
    'AM-100-103',
    'AM-100-103',
    'WG-100',
    'AM-100-103',
    'WG-100',
    'AM-100-103',
  ])
  // Before any of them logs in (the server reads a module's credentials when it first sees it).
  const fleet = createFleetService(createFleetDal(server.database.db))
  for (const index of [1, 2, 6, 7]) {
    const module = farm.modules[index]!
    secrets.set(module.serial, newDeviceSecret())
    await fleet.addModule({ ...module, secret: secretOf(module) })
  }
})
afterAll(() => server?.stop())

/** POST /ingest/v1/{serial} from a chosen local address. */
function postFrom(localAddress: string, serial: string, pin: string) {
  const body = JSON.stringify({ values: { sigstr: 70 } })
  return new Promise<{ status: number; retryAfter: string | undefined; body: Record<string, unknown> }>(
    (resolve, reject) => {
      const request = http.request(
        `${server.url}/ingest/v1/${serial}`,
        {
          method: 'POST',
          localAddress,
          headers: {
            authorization: `Basic ${Buffer.from(`${serial}:${pin}`).toString('base64')}`,
            'content-type': 'application/json',
            'accept-language': 'en',
          },
        },
        (response) => {
          let text = ''
          response.on('data', (chunk) => {
            text += chunk
          })
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              retryAfter: response.headers['retry-after'],
              body: JSON.parse(text) as Record<string, unknown>,
            }),
          )
        },
      )
      request.on('error', reject)
      request.end(body)
    },
  )
}

/** An MQTT CONNECT from a chosen local address: the CONNACK's refusal code, or 0 when connected. */
function connectFrom(localAddress: string, serial: string, pin: string): Promise<number> {
  const client = new mqtt.MqttClient(
    () => net.createConnection({ host: '127.0.0.1', port: server.mqttPort, localAddress }),
    { clientId: serial, username: serial, password: pin, reconnectPeriod: 0, protocolVersion: 4 },
  )
  return new Promise<number>((resolve) => {
    client.once('connect', () => {
      client.end(true)
      resolve(0)
    })
    client.once('error', (error) => {
      client.end(true)
      resolve((error as { code?: number }).code ?? -1)
    })
  })
}

const rejectionCounts = async (serial: string) =>
  Object.fromEntries(
    (
      await server.database.pool.query('select reason, count from ingest_rejections where serial = $1', [
        serial,
      ])
    ).rows.map((row: { reason: string; count: number }) => [row.reason, row.count]),
  )

/** A guesser's first `count` wrong PINs, in the order a guesser tries them (0000, 0001, ...). */
const wrongPins = (pin: string, count: number) =>
  Array.from({ length: count + 1 }, (_, i) => String(i).padStart(4, '0'))
    .filter((guess) => guess !== pin)
    .slice(0, count)

describe('guessing a PIN from the address the module logs in from (issue 23)', () => {
  // Everyone behind the module's NAT shares its address: a guesser there is slowed like anywhere.
  it('over HTTP: the serial is throttled there too, and the right PIN found late is not accepted', async () => {
    const module = farm.modules[4]!
    expect((await postFrom(usualAddress, module.serial, module.pin)).status).toBe(202)
    const answers: number[] = []
    for (const pin of [...wrongPins(module.pin, 11), module.pin])
      answers.push((await postFrom(usualAddress, module.serial, pin)).status)
    // Three wrong PINs are checked (the strict policy's free ones); every later try waits unchecked.
    expect(answers.filter((status) => status === 401)).toHaveLength(3)
    expect(answers.slice(3)).toEqual(Array(answers.length - 3).fill(429))
    expect(answers).not.toContain(202)
  })

  it.runIf(!process.env.TEST_MQTT_URL)(
    'over parallel MQTT CONNECTs: one decision for all of them, the right PIN found late is refused',
    async () => {
      const module = farm.modules[5]!
      expect(await connectFrom(usualAddress, module.serial, module.pin)).toBe(0)
      const wrong = wrongPins(module.pin, 12)
      const codes = await Promise.all(wrong.map((pin) => connectFrom(usualAddress, module.serial, pin)))
      const notAuthorized = 5
      const serverUnavailable = 3
      expect(codes.filter((code) => code === notAuthorized)).toHaveLength(3)
      expect(codes.filter((code) => code === serverUnavailable)).toHaveLength(wrong.length - 3)
      expect(await connectFrom(usualAddress, module.serial, module.pin)).toBe(serverUnavailable)
    },
    60_000,
  )
})

describe('device login throttling over HTTP', () => {
  it('answers 429 with Retry-After once a serial has had too many wrong PINs, and records them', async () => {
    const [module] = farm.modules
    for (let i = 0; i < 3; i++)
      expect((await postFrom(attackerAddress, module!.serial, `00${i}0`)).status).toBe(401)
    const throttled = await postFrom(attackerAddress, module!.serial, '0999')
    expect(throttled.status).toBe(429)
    expect(Number(throttled.retryAfter)).toBeGreaterThan(50)
    expect(throttled.body).toMatchObject({ error: 'too_many_attempts' })
    // Not checked while waiting: even the right PIN from that address waits.
    expect((await postFrom(attackerAddress, module!.serial, module!.pin)).status).toBe(429)
    expect(
      await until(
        async () =>
          (await rejectionCounts(module!.serial)).login_throttled === 2 && rejectionCounts(module!.serial),
      ),
    ).toEqual({
      wrong_pin: 3,
      login_throttled: 2,
    })
  })

  it('never keeps a module with a device secret out of the address it last logged in from', async () => {
    const [, module] = farm.modules
    expect((await postFrom(usualAddress, module!.serial, secretOf(module!))).status).toBe(202)
    for (let i = 0; i < 3; i++) await postFrom(attackerAddress, module!.serial, newDeviceSecret())
    expect((await postFrom(attackerAddress, module!.serial, newDeviceSecret())).status).toBe(429)
    // The serial is blocked from anywhere new...
    expect((await postFrom(newAddress, module!.serial, secretOf(module!))).status).toBe(429)
    // ...but the module at home gets in, again and again, and guessing there is checked (and hopeless).
    for (let i = 0; i < 3; i++) {
      expect((await postFrom(usualAddress, module!.serial, newDeviceSecret())).status).toBe(401)
      expect((await postFrom(usualAddress, module!.serial, secretOf(module!))).status).toBe(202)
    }
  })

  it('refuses the PIN of a module with a device secret, and tells the operator it was its PIN', async () => {
    const module = farm.modules[6]!
    const answer = await postFrom(usualAddress, module.serial, module.pin)
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ error: 'check_serial_pin' })
    expect((await postFrom(usualAddress, module.serial, secretOf(module))).status).toBe(202)
    const detail = await until(async () => {
      const rows = await server.database.pool.query(
        'select reason, count, last_detail from ingest_rejections where serial = $1',
        [module.serial],
      )
      return rows.rows.length > 0 && rows.rows
    })
    expect(detail).toEqual([
      { reason: 'wrong_secret', count: 1, last_detail: 'from 127.0.0.2, with its PIN' },
    ])
  })
})

describe.runIf(!process.env.TEST_MQTT_URL)('device login throttling over MQTT (embedded broker)', () => {
  it('refuses a guesser with "try later" without checking, and lets a module with a secret in from its usual address', async () => {
    const [, , module] = farm.modules
    expect(await connectFrom(usualAddress, module!.serial, secretOf(module!))).toBe(0)
    const notAuthorized = 5
    const serverUnavailable = 3
    for (let i = 0; i < 3; i++)
      expect(await connectFrom(attackerAddress, module!.serial, `00${i}0`)).toBe(notAuthorized)
    expect(await connectFrom(attackerAddress, module!.serial, '0999')).toBe(serverUnavailable)
    expect(await connectFrom(newAddress, module!.serial, secretOf(module!))).toBe(serverUnavailable)
    expect(await connectFrom(usualAddress, module!.serial, secretOf(module!))).toBe(0)
    expect(
      await until(
        async () =>
          (await rejectionCounts(module!.serial)).login_throttled === 2 && rejectionCounts(module!.serial),
      ),
    ).toEqual({
      wrong_secret: 3,
      login_throttled: 2,
    })
  }, 60_000)

  it('refuses the PIN of a module with a device secret', async () => {
    const module = farm.modules[7]!
    expect(await connectFrom(usualAddress, module.serial, module.pin)).toBe(5)
    expect(await connectFrom(usualAddress, module.serial, secretOf(module))).toBe(0)
  })
})
