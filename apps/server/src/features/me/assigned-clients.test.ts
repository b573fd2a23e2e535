import type { LiveDataRow, MeResponse, SwitchClientAck } from '@kropla/domain'
import { meUserFixture } from '@kropla/domain/testing'
import { and, eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, user_clients } from '../../db/schema'
import { loggedIn as logIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  type httpSession,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
  until,
} from '../../test/test-server'
import { createAccountAccess } from '../auth/account-access'
import { createAccountAccessDal } from '../auth/account-access-dal'

type Account = Awaited<ReturnType<typeof seedAccount>>

let server: TestServer
let home: Account
let second: Account
let stranger: Account

beforeAll(async () => {
  server = await startTestServer({}, { housekeepingMs: 100 })
  home = await seedAccount(server, ['AM-200'])
  second = await seedAccount(server, ['AM-200'])
  stranger = await seedAccount(server, ['AM-200'])
  await createAccountAccess(createAccountAccessDal(server.database.db)).assign({
    email: home.email,
    clientName: second.clientName,
    type: 'normal',
  })
})
afterAll(() => server?.stop())

const loggedIn = (account: Account, lang = 'en') => logIn(server.url, account.email, account.password, lang)

const me = async (session: ReturnType<typeof httpSession>) =>
  (await session.request('GET', '/api/me')).body as unknown as MeResponse

const switchClient = (socket: Socket, idClient: unknown) =>
  socket.emitWithAck('switch_client', { id_client: idClient }) as Promise<SwitchClientAck>

let minute = 0
/** One reading from a module over HTTP ingest, acknowledged once stored and published. */
async function publishReading(module: Account['modules'][number]) {
  minute++
  const response = await fetch(`${server.url}/ingest/v1/${module.serial}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${module.serial}:${module.pin}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      ts: new Date(Date.UTC(2026, 4, 1, 6, minute)).toISOString(),
      values: { TEMP_1: 20 },
    }),
  })
  expect(response.status).toBe(202)
}

describe('assignedClients in /api/me', () => {
  it("lists the user's own account and each assigned one with their type there, and the user's profile", async () => {
    const session = await loggedIn(home)
    const answer = await me(session)
    expect(answer.assignedClients).toEqual([
      { id: home.user.id_client, name: home.clientName, type: 1 },
      { id: second.user.id_client, name: second.clientName, type: 2 },
    ])
    // A fresh account's settings are the shared fixture's (the browser's tests stand on them), except
    // that its first user has not yet dismissed the first-run dialog, which the fixture has.
    expect(answer.user).toEqual(
      meUserFixture({
        hide_splash: false,
        id: home.user.id,
        email: home.email,
        name: '',
        family_name: '',
        type: 1,
        id_client: home.user.id_client,
        client_name: home.clientName,
        client_time_zone: 'Europe/Warsaw',
        lang: null,
        time_zone: null,
      }),
    )
    expect((await me(await loggedIn(stranger))).assignedClients).toEqual([
      { id: stranger.user.id_client, name: stranger.clientName, type: 1 },
    ])
  })
})

describe('switch_client', () => {
  it("moves the session to an assigned account: /api/me, the user's type there and the socket room", async () => {
    const session = await loggedIn(home)
    const elsewhere = await loggedIn(home)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const switched = nextEvents<{ id_client: number }>(socket, 'switch_client')

    expect(await switchClient(socket, second.user.id_client)).toEqual({ ok: true })
    expect(await switched).toEqual([{ id_client: second.user.id_client }])

    const there = await me(session)
    expect(there.user).toMatchObject({
      id_client: second.user.id_client,
      client_name: second.clientName,
      type: 2,
    })
    expect(there.objects.map((object) => object.serial)).toEqual([second.modules[0]!.serial])
    // Only this session moved: the user's other browser still works in their own account.
    expect((await me(elsewhere)).user.id_client).toBe(home.user.id_client)

    // Live data of the new account arrives, the old one's does not (it was published first).
    const received: LiveDataRow[] = []
    socket.on('data', (rows: LiveDataRow[]) => received.push(...rows))
    await publishReading(home.modules[0]!)
    await publishReading(second.modules[0]!)
    await until(async () => received.some((row) => row.id_object === second.modules[0]!.id))
    expect(received.filter((row) => row.id_object === home.modules[0]!.id)).toEqual([])

    // The reloaded page's new socket is told the current account.
    const reloaded = await connectBrowserSocket(server.url, session.cookieHeader())
    const authorize = nextEvents<{ id_client: number }>(reloaded, 'authorize')
    reloaded.disconnect().connect()
    expect(await authorize).toEqual([{ id_client: second.user.id_client }])
    socket.close()
    reloaded.close()
  })

  it("applies the user's type in the current account to admin routes", async () => {
    const session = await loggedIn(home)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    expect((await session.request('GET', '/api/users')).status).toBe(200)

    expect(await switchClient(socket, second.user.id_client)).toEqual({ ok: true })
    expect(await session.request('GET', '/api/users')).toEqual({
      status: 403,
      body: { error: 'access_denied', message: 'Access denied' },
    })

    expect(await switchClient(socket, home.user.id_client)).toEqual({ ok: true })
    const users = await session.request('GET', '/api/users')
    expect(users.status).toBe(200)
    expect((users.body as unknown as { email: string }[]).map((user) => user.email)).toContain(home.email)
    socket.close()
  })

  it('refuses an account the user is not assigned to, or a malformed request, in their language', async () => {
    const session = await loggedIn(home)
    expect((await session.write('PUT', '/api/users/lang', { lang: 'pl' })).status).toBe(200)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const leaked: unknown[] = []
    socket.on('switch_client', (payload: unknown) => leaked.push(payload))

    const refused = {
      err: 'switch_client_failed',
      message: 'Przełączanie klienta - operacja nie powiodła się!',
    }
    expect(await switchClient(socket, stranger.user.id_client)).toEqual(refused)
    expect(await switchClient(socket, 'all')).toEqual(refused)
    expect((await me(session)).user.id_client).toBe(home.user.id_client)
    expect((await me(session)).objects.map((object) => object.serial)).toEqual([home.modules[0]!.serial])

    // And the stranger's live data never reaches this socket.
    const received: LiveDataRow[] = []
    socket.on('data', (rows: LiveDataRow[]) => received.push(...rows))
    await publishReading(stranger.modules[0]!)
    await publishReading(home.modules[0]!)
    await until(async () => received.some((row) => row.id_object === home.modules[0]!.id))
    expect(received.filter((row) => row.id_object === stranger.modules[0]!.id)).toEqual([])
    expect(leaked).toEqual([])
    await session.write('PUT', '/api/users/lang', { lang: 'en' })
    socket.close()
  })

  it('refuses an assigned account that is blocked', async () => {
    const session = await loggedIn(home)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const setBlocked = (blocked: boolean) =>
      server.database.db.update(clients).set({ blocked }).where(eq(clients.id, second.user.id_client))
    await setBlocked(true)
    try {
      expect(await switchClient(socket, second.user.id_client)).toMatchObject({ err: 'switch_client_failed' })
      expect((await me(session)).user.id_client).toBe(home.user.id_client)
    } finally {
      await setBlocked(false)
    }
    socket.close()
  })

  it('returns the session and its sockets to the own account when the assignment is removed', async () => {
    const session = await loggedIn(home)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    expect(await switchClient(socket, second.user.id_client)).toEqual({ ok: true })
    const assignment = and(
      eq(user_clients.user_id, home.user.id),
      eq(user_clients.id_client, second.user.id_client),
    )
    const authorize = nextEvents<{ id_client: number }>(socket, 'authorize')
    await server.database.db.delete(user_clients).where(assignment)
    try {
      const back = await me(session)
      expect(back.user).toMatchObject({ id_client: home.user.id_client, type: 1 })
      expect(back.assignedClients.map((client) => client.id)).toEqual([home.user.id_client])
      // The open socket is moved back (the page reloads on an authorize for another account).
      expect(await authorize).toEqual([{ id_client: home.user.id_client }])
      const received: LiveDataRow[] = []
      socket.on('data', (rows: LiveDataRow[]) => received.push(...rows))
      await publishReading(second.modules[0]!)
      await publishReading(home.modules[0]!)
      await until(async () => received.some((row) => row.id_object === home.modules[0]!.id))
      expect(received.filter((row) => row.id_object === second.modules[0]!.id)).toEqual([])
      expect(await switchClient(socket, second.user.id_client)).toMatchObject({ err: 'switch_client_failed' })
    } finally {
      await server.database.db
        .insert(user_clients)
        .values({ user_id: home.user.id, id_client: second.user.id_client, type: 2 })
    }
    socket.close()
  })
})
