import type { HistoryAck } from '@kropla/domain'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  connectModule,
  httpSession,
  seedAccount,
  startTestServer,
  type TestServer,
  until,
} from '../../test/test-server'

/**
 * Issue 23, item 3 (ADR 0093): a module's reading is acknowledged while users' reads wait for the
 * database, and a user's read that cannot be done in time is answered `took_too_long` instead of
 * holding everyone. The database is held by the test itself: a transaction locking the tables the
 * users' reads need (PostgreSQL), which on the embedded database also holds its one connection.
 */
let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
const userReadTimeoutMs = 1500

beforeAll(async () => {
  server = await startTestServer({}, { userReadTimeoutMs })
  farm = await seedAccount(server, ['AM-100-103'])
})
afterAll(() => server?.stop())

/** The test's own transaction holding `tables`: users' reads of them wait. */
async function holdDatabase(tables: string): Promise<() => Promise<void>> {
  const client: pg.PoolClient = await server.database.pool.connect()
  await client.query('begin')
  await client.query(`lock table ${tables} in access exclusive mode`)
  return async () => {
    await client.query('rollback')
    client.release()
  }
}

/** Users' reads waiting now: at the embedded database's gate, or on PostgreSQL's locks. */
async function usersWaiting(): Promise<number> {
  if (server.database.gate) return server.database.gate.waiting().user
  const waiting = await server.database.ingest.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
  )
  return waiting.rows[0]!.n
}

describe("the database's turns: ingest first, users' reads bounded", () => {
  it("acknowledges a module's reading before the users' reads queued ahead of it are answered", async () => {
    const session = await loggedIn(server.url, farm.email, farm.password)
    const module = farm.modules[0]!
    const device = await connectModule(server, module.serial, module.pin)
    // Not the readings' tables: on PostgreSQL ingest would wait for the lock like anyone.
    const release = await holdDatabase('groups')
    let released = false
    try {
      const order: string[] = []
      const reads = Array.from({ length: 4 }, (_, index) =>
        session.request('GET', '/api/groups').then((answer) => {
          order.push(`read ${index}`)
          return answer
        }),
      )
      await until(async () => (await usersWaiting()) >= 4)
      const acknowledged = device
        .publishAsync(
          `kropla/v1/${module.serial}/up/data`,
          JSON.stringify({ ts: new Date().toISOString(), values: { TEMP_1: 21.5 } }),
          { qos: 1 },
        )
        .then(() => order.push('puback'))
      // The embedded database has one connection: the held transaction ends once the reading waits.
      if (server.database.gate) {
        await until(async () => server.database.gate!.waiting().ingest === 1)
        released = true
        await release()
      }
      await acknowledged
      if (!released) {
        released = true
        await release()
      }
      const answers = await Promise.all(reads)
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
      // Without ingest's own turn it would have come after all four (they were queued first).
      expect(order.indexOf('puback'), order.join(', ')).toBeLessThanOrEqual(1)
    } finally {
      if (!released) await release()
      await device.endAsync()
    }
  })

  it("answers a user's read that could not be done in time with took_too_long, in their language", async () => {
    const session = httpSession(server.url, 'pl')
    expect((await session.login(farm.email, farm.password)).status).toBe(200)
    expect((await session.write('PUT', '/api/users/lang', { lang: 'pl' })).status).toBeLessThan(300)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const release = await holdDatabase('groups, readings_daily')
    try {
      const list = await session.request('GET', '/api/groups')
      expect(list).toEqual({
        status: 503,
        body: {
          error: 'took_too_long',
          message:
            'To trwało zbyt długo i zostało przerwane; nic nie zmieniono. Wybierz krótszy zakres albo spróbuj ponownie za chwilę.',
        },
      })
      const history = (await socket.timeout(60_000).emitWithAck('history_request', {
        id_object: farm.modules[0]!.id,
        fields: ['TEMP_1'],
        start_date: '2024-01-01T00:00:00Z',
        end_date: '2026-01-01T00:00:00Z',
      })) as HistoryAck
      expect(history).toMatchObject({ err: 'took_too_long' })
    } finally {
      await release()
    }
    // Nothing else is held up: the same requests are answered once the database is free.
    expect((await session.request('GET', '/api/groups')).status).toBe(200)
    socket.disconnect()
  })
})
