import {
  credentialsCommandSchema,
  type DemoModule,
  operatorModuleDetailSchema,
  operatorModuleSchema,
} from '@kropla/domain'
import { createFarmSimulator, type FarmSimulator } from '@kropla/simulator'
import type { MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { hashDeviceSecret } from '../../ingest/device-secret'
import { addUser, loggedIn } from '../../test/account-fixtures'
import { movableClock } from '../../test/test-farm'
import { connectModule, seedAccount, startTestServer, type TestServer, until } from '../../test/test-server'

/**
 * Issue 23 item 1, the operator's side: which modules still log in with their PIN, which ones
 * someone is guessing, and moving one onto a device secret over its own connection.
 */
let server: TestServer
let operator: Awaited<ReturnType<typeof loggedIn>>
let operatorEmail: string
const embeddedBroker = !process.env.TEST_MQTT_URL

beforeAll(async () => {
  server = await startTestServer()
  const home = await seedAccount(server, [])
  const added = await addUser(server, home.user.id_client, 'adminus')
  operatorEmail = added.email
  operator = await loggedIn(server.url, operatorEmail)
})
afterAll(() => server?.stop())

/** An upload as a module makes it: serial and password in HTTP Basic. */
async function upload(serial: string, password: string, body: object = { values: { sigstr: 70 } }) {
  const response = await fetch(`${server.url}/ingest/v1/${serial}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${serial}:${password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { commands?: unknown[] } }
}

const devices = async () =>
  z.array(operatorModuleSchema).parse((await operator.request('GET', '/api/admin/devices')).body)
const deviceOf = async (serial: string) => (await devices()).find((module) => module.serial === serial)!
const giveSecret = (id: number) => operator.write('POST', `/api/admin/devices/${id}/credentials`)

/** The next message on the module's `down/credentials`, parsed as the protocol says. */
function nextCredentials(link: MqttClient) {
  return new Promise<z.infer<typeof credentialsCommandSchema>>((resolve) => {
    link.on('message', (topic, payload) => {
      if (topic.endsWith('/down/credentials') && payload.length > 0)
        resolve(credentialsCommandSchema.parse(JSON.parse(payload.toString())))
    })
  })
}

describe.runIf(embeddedBroker)('moving a module onto a device secret', () => {
  it('lists a module still on PIN logins and being guessed, and moves it over its MQTT connection', async () => {
    const farm = await seedAccount(server, ['AM-100-103'])
    const [module] = farm.modules
    expect(await deviceOf(module!.serial)).toMatchObject({
      login: 'pin',
      last_failed_login_at: null,
      failed_logins_recent: false,
    })
    // Someone tries a PIN: the operator sees the module is being guessed.
    expect((await upload(module!.serial, '0000')).status).toBe(401)
    await until(async () => (await deviceOf(module!.serial)).failed_logins_recent)

    const link = await connectModule(server, module!.serial, module!.pin, { clientId: module!.serial })
    await link.subscribeAsync(`kropla/v1/${module!.serial}/down/#`, { qos: 1 })
    const arriving = nextCredentials(link)
    const given = await giveSecret(module!.id)
    expect(given.status, JSON.stringify(given.body)).toBe(200)
    expect(operatorModuleDetailSchema.parse(given.body).credentials).toMatchObject({
      status: 1,
      acked_at: null,
    })
    const { id, secret } = await arriving
    // One secret on its way at a time: the module could not tell which one the server took.
    expect(await giveSecret(module!.id)).toMatchObject({ status: 409, body: { error: 'secret_on_its_way' } })
    // Until the module says done, its PIN still logs it in.
    expect((await upload(module!.serial, module!.pin)).status).toBe(202)

    // The ack's PUBACK comes after the server switched: from then on the secret, never the PIN.
    await link.publishAsync(`kropla/v1/${module!.serial}/up/ack`, JSON.stringify({ id, result: 'done' }), {
      qos: 1,
    })
    expect((await upload(module!.serial, module!.pin)).status).toBe(401)
    expect((await upload(module!.serial, secret)).status).toBe(202)
    await link.endAsync()
    await expect(connectModule(server, module!.serial, module!.pin)).rejects.toThrow(/Not authorized/i)
    const again = await connectModule(server, module!.serial, secret)
    await again.endAsync()

    const detail = operatorModuleDetailSchema.parse(
      (await operator.request('GET', `/api/admin/devices/${module!.id}`)).body,
    )
    expect(detail).toMatchObject({ login: 'secret', credentials: { id, status: 10 } })
    // The server keeps the secret's hash only: not in the fleet, not in the command, not in the log.
    const stored = await server.database.pool.query(
      `select o.secret_hash, c.secret, c.source, c.id_user,
         (select count(*)::int from audit_log a where a.after::text like '%' || $2 || '%'
            or a.before::text like '%' || $2 || '%') as leaks
       from objects o join commands c on c.id_object = o.id where c.id = $1`,
      [id, secret],
    )
    expect(stored.rows).toEqual([
      {
        secret_hash: hashDeviceSecret(secret),
        secret: null,
        source: 'operator',
        id_user: expect.any(Number),
        leaks: 0,
      },
    ])
    // The operator's action is in the audit log, as theirs.
    const audit = await server.database.pool.query(
      `select actor_email, after ->> 'type' as type from audit_log
       where entity = 'commands' and entity_id = $1 and action = 'insert'`,
      [id],
    )
    expect(audit.rows).toEqual([{ actor_email: operatorEmail, type: 'credentials' }])
    // The account's own command list never shows it.
    const owner = await loggedIn(server.url, farm.email, farm.password)
    const commands = (await owner.request('GET', '/api/commands')).body as unknown as { id: string }[]
    expect(commands.map((command) => command.id)).not.toContain(id)
  })

  it('hands an HTTP module its secret in an upload answer, and takes the done from the next upload', async () => {
    const farm = await seedAccount(server, ['WG-100'])
    const [module] = farm.modules
    expect((await giveSecret(module!.id)).status).toBe(200)
    const answer = await upload(module!.serial, module!.pin)
    expect(answer.status).toBe(202)
    const [command] = answer.body.commands ?? []
    const { id, secret } = credentialsCommandSchema.parse(command)
    expect(command).toMatchObject({ type: 'credentials' })
    expect((await upload(module!.serial, module!.pin, { acks: [{ id, result: 'done' }] })).status).toBe(202)
    expect((await upload(module!.serial, module!.pin)).status).toBe(401)
    expect(await upload(module!.serial, secret)).toMatchObject({ status: 202, body: { commands: [] } })
  })

  it('refuses a module on no account: it has no connection to be reached on', async () => {
    const serial = `FREE${process.pid}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
    const added = await operator.write('POST', '/api/admin/devices', { serial, pin: '1234', model: 'AM-200' })
    const { id } = operatorModuleDetailSchema.parse(added.body)
    expect(await giveSecret(id)).toMatchObject({ status: 409, body: { error: 'secret_needs_account' } })
    expect((await giveSecret(999_999)).status).toBe(404)
  })

  it('moves a simulated module, which logs in with its stored secret from its next run on', async () => {
    const farm = await seedAccount(server, ['AM-200'])
    const [module] = farm.modules
    const simulated: DemoModule[] = [
      { ...module!, name: 'Air', name_pl: 'Powietrze', location: { lng: 21, lat: 52 } },
    ]
    let stored: Record<string, string> = {}
    const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
    const run = (secrets: Record<string, string>) =>
      createFarmSimulator({
        mqttUrl: `mqtt://127.0.0.1:${server.mqttPort}`,
        modules: simulated,
        secrets,
        onSecretsChanged: (secrets) => {
          stored = secrets
        },
        intervalMs: 3_600_000,
        logger: quiet,
      })
    let simulator: FarmSimulator = run({})
    try {
      await simulator.start()
      expect((await giveSecret(module!.id)).status).toBe(200)
      await until(async () => stored[module!.serial])
      expect(await deviceOf(module!.serial)).toMatchObject({ login: 'secret' })
      await simulator.stop()
      // The next run takes the secrets it kept; its PIN would no longer do.
      await expect(run({}).start()).rejects.toThrow(/refused/)
      simulator = run(stored)
      await simulator.start()
      expect((await upload(module!.serial, stored[module!.serial]!)).status).toBe(202)
    } finally {
      await simulator.stop()
    }
  })
})

describe('a secret that never arrives', () => {
  it('times out after a day on the commands clock, leaving the PIN in place and no secret kept', async () => {
    const clock = movableClock('2026-05-01T06:00:00Z')
    const clocked = await startTestServer({}, { manualControl: { now: clock.now, sweepMs: 50 } })
    try {
      const home = await seedAccount(clocked, [])
      const admin = await loggedIn(
        clocked.url,
        (await addUser(clocked, home.user.id_client, 'adminus')).email,
      )
      const farm = await seedAccount(clocked, ['AM-200'])
      const [module] = farm.modules
      // The module is off: nobody takes the message.
      const given = await admin.write('POST', `/api/admin/devices/${module!.id}/credentials`)
      const { id } = operatorModuleDetailSchema.parse(given.body).credentials!
      const pending = async () =>
        (await clocked.database.pool.query('select status, secret from commands where id = $1', [id])).rows[0]
      expect(await pending()).toMatchObject({ status: 1, secret: expect.stringMatching(/^[\w-]{43}$/) })
      clock.set('2026-05-02T06:00:01Z')
      expect(await until(async () => ((await pending()).status === 6 ? pending() : null))).toEqual({
        status: 6,
        secret: null,
      })
      if (embeddedBroker) await (await connectModule(clocked, module!.serial, module!.pin)).endAsync()
    } finally {
      await clocked.stop()
    }
  })
})
