import type { LiveDataRow } from '@kropla/domain'
import { afterAll, describe, expect, it } from 'vitest'
import {
  connectBrowserSocket,
  connectModule,
  httpSession,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../test/test-server'

const servers: TestServer[] = []
afterAll(async () => {
  for (const server of servers.reverse()) await server.stop()
})

// Two processes need a shared PostgreSQL and Redis: the integration tier on real services.
const shared = process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL

describe.runIf(shared)('two server processes behind one PostgreSQL and Redis', () => {
  it('delivers a reading ingested by one process to a browser connected to the other', async () => {
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL! }
    const first = await startTestServer(redis)
    servers.push(first)
    const second = await startTestServer({ ...redis, DATABASE_URL: first.databaseUrl!, MQTT_URL: '' })
    servers.push(second)
    const farm = await seedAccount(first, ['AM-200'])

    const session = httpSession(second.url)
    expect((await session.login(farm.email, farm.password)).status).toBe(200)
    const socket = await connectBrowserSocket(second.url, session.cookieHeader())
    const live = nextEvents<LiveDataRow[]>(socket, 'data')

    const [module] = farm.modules
    const link = await connectModule(first, module!.serial, module!.pin)
    await link.publishAsync(
      `kropla/v1/${module!.serial}/up/data`,
      JSON.stringify({ ts: '2026-06-01T12:00:00Z', values: { TEMP_1: 24.5 } }),
      { qos: 1 },
    )
    const [rows] = await live
    expect(rows![0]).toMatchObject({ id_object: module!.id, values: { TEMP_1: 24.5 } })
    await link.endAsync()
    socket.close()
  })
})
