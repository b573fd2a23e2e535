import type { LiveDataRow } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connectBrowserSocket,
  connectModule,
  httpSession,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
  until,
} from '../test/test-server'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let neighbour: Awaited<ReturnType<typeof seedAccount>>

const countRows = async (objectId: number) =>
  Number(
    (await server.database.pool.query('select count(*) from readings where object_id = $1', [objectId]))
      .rows[0].count,
  )

beforeAll(async () => {
  server = await startTestServer()
  farm = await seedAccount(server, ['AM-100-103', 'AGB-2000', 'AM-100-103'])
  neighbour = await seedAccount(server, ['AM-200'])
})
afterAll(() => server?.stop())

async function loggedInSocket(account: typeof farm) {
  const session = httpSession(server.url)
  expect((await session.login(account.email, account.password)).status).toBe(200)
  return connectBrowserSocket(server.url, session.cookieHeader())
}

describe('MQTT ingest', () => {
  it('stores a reading once when the module delivers it twice, and only its owner sees it live', async () => {
    const [probe] = farm.modules
    const ownerSocket = await loggedInSocket(farm)
    const neighbourSocket = await loggedInSocket(neighbour)
    const leaked: unknown[] = []
    neighbourSocket.on('data', (rows) => leaked.push(rows))
    const live = nextEvents<LiveDataRow[]>(ownerSocket, 'data')

    const module = await connectModule(server, probe!.serial, probe!.pin)
    const message = JSON.stringify({
      ts: '2026-05-01T06:00:00Z',
      values: { TEMP_1: 14.2, HUMIDITY_1: 31.5, battvol: 3.61 },
    })
    await module.publishAsync(`kropla/v1/${probe!.serial}/up/data`, message, { qos: 1 })
    await module.publishAsync(`kropla/v1/${probe!.serial}/up/data`, message, { qos: 1 })

    const [rows] = await live
    expect(rows![0]).toMatchObject({
      id_object: probe!.id,
      timestamp: '2026-05-01 06:00:00',
      dtimestamp: '2026-05-01T06:00:00.000Z',
      timestamp_unix: Date.UTC(2026, 4, 1, 6) / 1000,
      values: { TEMP_1: 14.2, HUMIDITY_1: 31.5, battvol: 3.61 },
    })
    // The PUBACK of the second copy came after its commit, so the count is final here.
    expect(await countRows(probe!.id)).toBe(3)
    expect(leaked).toEqual([])

    const me = await httpSession(server.url)
    await me.login(farm.email, farm.password)
    const answer = await me.request('GET', '/api/me')
    const object = (answer.body.objects as { id: number; latest: Record<string, { value: number }> }[]).find(
      (o) => o.id === probe!.id,
    )
    expect(object?.latest.HUMIDITY_1?.value).toBe(31.5)
    await module.endAsync()
    ownerSocket.close()
    neighbourSocket.close()
  })

  it('carries the previous value of a field in the next live row', async () => {
    const [probe] = farm.modules
    const socket = await loggedInSocket(farm)
    const module = await connectModule(server, probe!.serial, probe!.pin)
    const live = nextEvents<LiveDataRow[]>(socket, 'data')
    await module.publishAsync(
      `kropla/v1/${probe!.serial}/up/data`,
      JSON.stringify({ ts: '2026-05-01T06:10:00Z', values: { TEMP_1: 15 } }),
      { qos: 1 },
    )
    const [rows] = await live
    expect(rows![0]!.previous.TEMP_1).toEqual({ value: 14.2, dtimestamp: '2026-05-01T06:00:00.000Z' })
    await module.endAsync()
    socket.close()
  })

  // With an external broker (TEST_MQTT_URL), credentials and topic rights are the broker's job.
  const embeddedBroker = !process.env.TEST_MQTT_URL

  it.runIf(embeddedBroker)('refuses wrong credentials and modules outside the fleet', async () => {
    const [probe] = farm.modules
    await expect(connectModule(server, probe!.serial, '0000')).rejects.toThrow(
      /Not authorized|not authorized/i,
    )
    await expect(connectModule(server, 'NOT-IN-FLEET', '1234')).rejects.toThrow(/authorized/i)
    await expect(
      connectModule(server, probe!.serial, probe!.pin, { username: 'someone-else' }),
    ).rejects.toThrow(/authorized/i)
    // The operator sees the failed logins of a module in the fleet.
    const failed = await until(async () => {
      const result = await server.database.pool.query(
        "select count, last_detail from ingest_rejections where serial = $1 and reason = 'wrong_pin'",
        [probe!.serial],
      )
      return result.rows[0]?.count === 2 && result.rows[0]
    })
    expect(failed.last_detail).toBe('from 127.0.0.1')
  })

  it.runIf(embeddedBroker)(
    'lets a base station publish for its modules but no module for a stranger',
    async () => {
      const [probe, station, relayed] = farm.modules
      await server.database.pool.query('update objects set base_station_id = $1 where id = $2', [
        station!.id,
        relayed!.id,
      ])
      const stationLink = await connectModule(server, station!.serial, station!.pin)
      await stationLink.publishAsync(
        `kropla/v1/${relayed!.serial}/up/data`,
        JSON.stringify({ ts: '2026-05-01T07:00:00Z', values: { TEMP_1: 9.5 } }),
        { qos: 1 },
      )
      expect(await countRows(relayed!.id)).toBe(1)
      await stationLink.endAsync()

      const intruder = await connectModule(server, probe!.serial, probe!.pin)
      const closed = new Promise((resolve) => intruder.once('close', () => resolve(undefined)))
      intruder.publish(
        `kropla/v1/${neighbour.modules[0]!.serial}/up/data`,
        JSON.stringify({ values: { TEMP_1: 99 } }),
        { qos: 1 },
      )
      await closed
      expect(await countRows(neighbour.modules[0]!.id)).toBe(0)
      await intruder.endAsync(true)
    },
  )

  it('counts a malformed message and a foreign field, and goes on ingesting', async () => {
    const [probe] = farm.modules
    const module = await connectModule(server, probe!.serial, probe!.pin)
    const topic = `kropla/v1/${probe!.serial}/up/data`
    await module.publishAsync(topic, '{not json', { qos: 1 })
    await module.publishAsync(topic, JSON.stringify({ values: 'nope' }), { qos: 1 })
    await module.publishAsync(
      topic,
      JSON.stringify({
        ts: '2026-05-01T08:00:00Z',
        values: { TEMP_1: 16, WEIGHT_SUM_1: 3, HUMIDITY_2: 'wet' },
      }),
      { qos: 1 },
    )
    await module.endAsync()
    // With the embedded broker the PUBACK already meant "stored"; an external broker acks on receipt.
    const stored = await until(async () => {
      const result = await server.database.pool.query(
        "select field from readings where object_id = $1 and ts = '2026-05-01T08:00:00Z'",
        [probe!.id],
      )
      return result.rows.length ? result.rows : null
    })
    expect(stored.map((r) => r.field)).toEqual(['TEMP_1'])
    const counted = await until(async () => {
      const result = await server.database.pool.query(
        // Failed logins (an earlier test) are counted too, as wrong_pin: not this test's concern.
        "select reason, count from ingest_rejections where serial = $1 and reason <> 'wrong_pin' order by reason",
        [probe!.serial],
      )
      return result.rows.length >= 4 ? result.rows : null
    })
    expect(counted).toEqual([
      { reason: 'malformed_json', count: 1 },
      { reason: 'malformed_payload', count: 1 },
      { reason: 'not_a_number', count: 1 },
      { reason: 'unknown_field', count: 1 },
    ])
  })

  it('marks a module online and offline from its status topic, with the last will on a lost link', async () => {
    const [probe] = farm.modules
    const socket = await loggedInSocket(farm)
    const events = nextEvents<{ id_object: number; connection: number }>(socket, 'objects_connection', 2)
    const module = await connectModule(server, probe!.serial, probe!.pin, {
      will: {
        topic: `kropla/v1/${probe!.serial}/up/status`,
        payload: Buffer.from('offline'),
        qos: 1,
        retain: true,
      },
    })
    await module.publishAsync(`kropla/v1/${probe!.serial}/up/status`, 'online', { qos: 1, retain: true })
    module.stream.destroy()
    expect(await events).toEqual([
      { id_object: probe!.id, connection: 1 },
      { id_object: probe!.id, connection: 0 },
    ])
    socket.close()
  })
})

describe('HTTP ingest', () => {
  const post = (serial: string, auth: string, body: string) =>
    fetch(`${server.url}/ingest/v1/${serial}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(auth).toString('base64')}`,
        'content-type': 'application/json',
      },
      body,
    })

  it('accepts readings with the module serial and PIN, naming what it rejected', async () => {
    const [, , probe] = farm.modules
    const response = await post(
      probe!.serial,
      `${probe!.serial}:${probe!.pin}`,
      JSON.stringify({ ts: '2026-05-01T09:00:00Z', values: { HUMIDITY_3: 40.5, o1: true } }),
    )
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({
      accepted: 1,
      rejected: [{ field: 'o1', reason: 'unknown_field' }],
      commands: [],
    })
    expect(await countRows(probe!.id)).toBeGreaterThanOrEqual(1)
  })

  it('answers 401 to a wrong PIN and 400 to malformed JSON', async () => {
    const [, , probe] = farm.modules
    expect((await post(probe!.serial, `${probe!.serial}:9999`, '{}')).status).toBe(401)
    expect(
      (await post(probe!.serial, `${farm.modules[0]!.serial}:${farm.modules[0]!.pin}`, '{}')).status,
    ).toBe(401)
    const malformed = await post(probe!.serial, `${probe!.serial}:${probe!.pin}`, '{"values": ')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({ error: 'malformed_json' })
  })
})
