import { credentialsCommandSchema } from '@kropla/domain'
import mqtt, { type MqttClient } from 'mqtt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFleetDal } from '../features/fleet/fleet-dal'
import { createFleetService } from '../features/fleet/fleet-service'
import { addUser, loggedIn } from '../test/account-fixtures'
import { type Mosquitto, mosquittoMissing, startMosquitto } from '../test/mosquitto'
import { seedAccount, startTestServer, type TestServer, until } from '../test/test-server'
import { giveBrokerSecrets } from './broker-rights'
import { connectDynsecControl } from './dynsec-control'

/**
 * Issue 23 item 2: an external Mosquitto enforces the rights the embedded broker does, kept in
 * step with the fleet through its dynamic-security plugin (ADR 0091). The test starts its own
 * Mosquitto (the plugin on a free port), so it runs in every tier where the binaries are.
 */
const missing = mosquittoMissing()
if (missing)
  console.warn(
    `broker-rights.test.ts skipped: ${missing} (Debian and Ubuntu: apt-get install mosquitto mosquitto-clients)`,
  )

/** Within seconds: the server compares the fleet with the broker every 300 ms here (3 s by default). */
const withinSeconds = 15_000

const hookToken = 'a-hook-token-of-more-than-32-characters'
let broker: Mosquitto
let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let operator: Awaited<ReturnType<typeof loggedIn>>
const links: MqttClient[] = []

function connectAs(serial: string, password: string, options: mqtt.IClientOptions = {}) {
  return mqtt.connectAsync(broker.url(), {
    clientId: serial,
    username: serial,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  })
}

/** Connects, or answers the broker's refusal. */
async function tryConnect(serial: string, password: string) {
  try {
    const link = await connectAs(serial, password)
    links.push(link)
    return { link, refused: null }
  } catch (error) {
    return { link: null, refused: (error as Error).message }
  }
}

/** The codes a SUBACK grants (128: refused), whichever way mqtt.js reports them. */
async function granted(link: MqttClient, filter: string): Promise<number[]> {
  try {
    return (await link.subscribeAsync(filter, { qos: 1 })).map((grant) => grant.qos)
  } catch (error) {
    return ((error as { packet?: { granted?: number[] } }).packet?.granted ?? [-1]).map(Number)
  }
}

const readingsOf = async (objectId: number) =>
  Number(
    (await server.database.pool.query('select count(*) from readings where object_id = $1', [objectId]))
      .rows[0].count,
  )

describe.skipIf(missing !== null)('an external Mosquitto kept in step with the fleet (MQTT_DYNSEC)', () => {
  beforeAll(async () => {
    broker = await startMosquitto()
    server = await startTestServer({
      MQTT_URL: broker.url(broker.admin),
      MQTT_DYNSEC: '1',
      MQTT_DYNSEC_SYNC_MS: '300',
      MQTT_HOOK_TOKEN: hookToken,
    })
    farm = await seedAccount(server, ['AM-100-103', 'AM-100-103'])
    const added = await addUser(server, farm.user.id_client, 'adminus')
    operator = await loggedIn(server.url, added.email)
  })
  afterAll(async () => {
    await Promise.all(links.map((link) => link.endAsync(true).catch(() => undefined)))
    await server?.stop()
    await broker?.stop()
  })

  it('lets a module in with its password only, and ingests what it sends under its own serial', async () => {
    const [own] = farm.modules
    const { link } = await until(async () => {
      const attempt = await tryConnect(own!.serial, own!.pin)
      return attempt.link ? attempt : null
    }, withinSeconds)
    expect((await tryConnect(own!.serial, '0000')).refused).toMatch(/Not authorized/i)
    expect((await tryConnect('NOT-IN-FLEET', own!.pin)).refused).toMatch(/Not authorized/i)
    // Another's serial as client id would end that module's session: refused.
    const [, other] = farm.modules
    await expect(connectAs(own!.serial, own!.pin, { clientId: other!.serial })).rejects.toThrow(
      /Not authorized/i,
    )

    await link!.publishAsync(
      `kropla/v1/${own!.serial}/up/data`,
      JSON.stringify({ ts: '2026-05-01T06:00:00Z', values: { TEMP_1: 14.2 } }),
      { qos: 1 },
    )
    await until(async () => (await readingsOf(own!.id)) === 1, withinSeconds)
  })

  it('refuses a module publishing as another, and subscribing to the down/ of another', async () => {
    const [own, other] = farm.modules
    const link = await connectAs(own!.serial, own!.pin)
    links.push(link)
    // The server's user sees everything under kropla/v1: what does not reach it, nobody got.
    const watcher = await mqtt.connectAsync(broker.url(broker.admin), {
      clientId: 'watcher',
      reconnectPeriod: 0,
    })
    links.push(watcher)
    const seen: string[] = []
    watcher.on('message', (topic, payload) => seen.push(`${topic} ${payload.toString()}`))
    await watcher.subscribeAsync('kropla/v1/#', { qos: 1 })

    const forged = JSON.stringify({ ts: '2026-05-01T07:00:00Z', values: { TEMP_1: 99 } })
    await link.publishAsync(`kropla/v1/${other!.serial}/up/data`, forged, { qos: 1 }).catch(() => undefined)
    // A message of its own after it: once this one is through, the forged one would have been too.
    const marker = JSON.stringify({ model: 'AM-100-103', fw: 'marker' })
    const ownLink = link.connected ? link : await connectAs(own!.serial, own!.pin)
    if (ownLink !== link) links.push(ownLink)
    await ownLink.publishAsync(`kropla/v1/${own!.serial}/up/hello`, marker, { qos: 1 })
    await until(async () => seen.some((line) => line.includes('marker')), withinSeconds)
    expect(seen.filter((line) => line.includes(other!.serial))).toEqual([])
    expect(await readingsOf(other!.id)).toBe(0)

    expect(await granted(ownLink, `kropla/v1/${own!.serial}/down/#`)).toEqual([1])
    expect(await granted(ownLink, `kropla/v1/${other!.serial}/down/#`)).toEqual([128])
    expect(await granted(ownLink, 'kropla/v1/+/down/#')).toEqual([128])
    expect(await granted(ownLink, '#')).toEqual([128])
  })

  it('lets a base station publish and subscribe for the modules assigned to it, once assigned', async () => {
    const fleet = createFleetService(createFleetDal(server.database.db))
    const station = { serial: `BR${process.pid}AGB`, pin: '1357', model: 'AGB-2000' }
    await fleet.addModule(station)
    const [relayed, stranger] = farm.modules
    const stationLink = async () => {
      const link = await connectAs(station.serial, station.pin)
      links.push(link)
      return link
    }
    await until(async () => (await tryConnect(station.serial, station.pin)).link, withinSeconds)
    expect(await granted(await stationLink(), `kropla/v1/${relayed!.serial}/down/#`)).toEqual([128])

    await fleet.setBaseStation(relayed!.serial, station.serial)
    await until(
      async () => (await granted(await stationLink(), `kropla/v1/${relayed!.serial}/down/#`))[0] === 1,
      withinSeconds,
    )
    const link = await stationLink()
    expect(await granted(link, `kropla/v1/${stranger!.serial}/down/#`)).toEqual([128])
    const before = await readingsOf(relayed!.id)
    await link.publishAsync(
      `kropla/v1/${relayed!.serial}/up/data`,
      JSON.stringify({ ts: '2026-05-01T08:00:00Z', values: { TEMP_1: 12.5 } }),
      { qos: 1 },
    )
    await until(async () => (await readingsOf(relayed!.id)) === before + 1, withinSeconds)
  })

  it('lets a module added to the fleet in within seconds, and refuses (and drops) one removed', async () => {
    const fleet = createFleetService(createFleetDal(server.database.db))
    const added = { serial: `BR${process.pid}ADD`, pin: '4321', model: 'AM-100-103' }
    // As `kropla fleet add` does in its own process: the server learns of it only from the database.
    const row = await fleet.addModule(added)
    const { link } = await until(async () => {
      const attempt = await tryConnect(added.serial, added.pin)
      return attempt.link ? attempt : null
    }, withinSeconds)

    const closed = new Promise<void>((resolve) => link!.once('close', () => resolve()))
    const removal = await operator.write('DELETE', `/api/admin/objects/${row.id}`)
    expect(removal.status, JSON.stringify(removal.body)).toBeLessThan(300)
    await closed
    await until(async () => (await tryConnect(added.serial, added.pin)).refused, withinSeconds)
  })

  it('gives the broker a secret the moment it is known: made by the fleet CLI, or handed over by down/credentials', async () => {
    // `kropla fleet add` makes a secret, stores its hash and gives the broker the secret itself.
    const fleet = createFleetService(createFleetDal(server.database.db))
    const made = { serial: `BR${process.pid}CLI`, pin: '5678', model: 'AM-100-103' }
    const { generatedSecret } = await fleet.enrolModule(made)
    const control = await connectDynsecControl({ url: broker.url(broker.admin), clientId: 'cli' })
    expect(await giveBrokerSecrets(control, [{ serial: made.serial, secret: generatedSecret! }])).toEqual({
      refused: [],
    })
    await control.close()
    const cli = await tryConnect(made.serial, generatedSecret!)
    expect(cli.refused).toBeNull()
    expect((await tryConnect(made.serial, made.pin)).refused).toMatch(/Not authorized/i)
    // The server compares the fleet with the broker meanwhile and keeps it so: once a module added
    // after it is let in, the server has compared at least once since.
    const probe = { serial: `BR${process.pid}PROBE`, pin: '2468', model: 'AM-100-103' }
    await fleet.addModule(probe)
    await until(async () => (await tryConnect(probe.serial, probe.pin)).link, withinSeconds)
    expect((await tryConnect(made.serial, generatedSecret!)).refused).toBeNull()

    // A module on PIN logins moved onto a secret over its own connection.
    const [, moving] = farm.modules
    const link = await connectAs(moving!.serial, moving!.pin)
    links.push(link)
    await link.subscribeAsync(`kropla/v1/${moving!.serial}/down/#`, { qos: 1 })
    const arriving = new Promise<{ id: string; secret: string }>((resolve) =>
      link.on('message', (topic, payload) => {
        if (topic.endsWith('/down/credentials') && payload.length > 0)
          resolve(credentialsCommandSchema.parse(JSON.parse(payload.toString())))
      }),
    )
    const given = await operator.write('POST', `/api/admin/devices/${moving!.id}/credentials`)
    expect(given.status, JSON.stringify(given.body)).toBe(200)
    const { id, secret } = await arriving
    // The broker asks the module to log in again once the server took its done: with the secret.
    const closed = new Promise<void>((resolve) => link.once('close', () => resolve()))
    await link.publishAsync(`kropla/v1/${moving!.serial}/up/ack`, JSON.stringify({ id, result: 'done' }), {
      qos: 1,
    })
    await closed
    await until(async () => (await tryConnect(moving!.serial, secret)).link, withinSeconds)
    expect((await tryConnect(moving!.serial, moving!.pin)).refused).toMatch(/Not authorized/i)
  })
  it("answers the HTTP hook for the server's own user as the broker's superuser, with its password only", async () => {
    const authenticate = async (password: string) => {
      const response = await fetch(`${server.url}/broker/v1/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${hookToken}` },
        body: JSON.stringify({ clientid: 'kropla-server-x', username: broker.admin.username, password }),
      })
      return response.json()
    }
    expect(await authenticate(broker.admin.password)).toEqual({ result: 'allow', is_superuser: true })
    expect(await authenticate('not-the-password')).toEqual({ result: 'deny' })
  })
})
