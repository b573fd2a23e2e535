import type { ActiveSession } from '@kropla/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions as sessionsTable } from '../../db/schema'
import { loggedIn as logIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  httpSession,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
  until,
} from '../../test/test-server'

let server: TestServer
/** The server's clock runs this far ahead of the real one. */
let offset = 0
const hour = 3600_000
const advanceHours = (hours: number) => {
  offset += hours * hour
}

beforeAll(async () => {
  server = await startTestServer({}, { now: () => new Date(Date.now() + offset), housekeepingMs: 100 })
})
afterAll(() => server?.stop())

const loggedIn = (account: { email: string; password: string }, lang = 'en') =>
  logIn(server.url, account.email, account.password, lang)

describe('session time-outs', () => {
  it('gives the cookie a Max-Age of SESSION_MAX_DAYS', async () => {
    const account = await seedAccount(server, [])
    const session = httpSession(server.url)
    const token = await session.token()
    const response = await fetch(`${server.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'csrf-token': token, cookie: session.cookieHeader() },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('kropla_session='))!
    expect(cookie).toMatch(/Max-Age=2592000(;|$)/)
  })

  it('ends a session left unused for SESSION_IDLE_HOURS, and keeps one in use', async () => {
    const account = await seedAccount(server, [])
    const session = await loggedIn(account)
    advanceHours(71)
    expect((await session.request('GET', '/api/me')).status).toBe(200)
    advanceHours(71)
    expect((await session.request('GET', '/api/me')).status).toBe(200)
    advanceHours(72)
    const ended = await session.request('GET', '/api/me')
    expect(ended).toEqual({
      status: 401,
      body: { error: 'not_authenticated', message: 'Your session has ended. Log in again.' },
    })
    await expect(connectBrowserSocket(server.url, session.cookieHeader())).rejects.toThrow(
      'not_authenticated',
    )
  })

  it('ends a session SESSION_MAX_DAYS after login however much it is used', async () => {
    const account = await seedAccount(server, [])
    const session = await loggedIn(account)
    for (let day = 1; day < 30; day++) {
      advanceHours(24)
      expect((await session.request('GET', '/api/me')).status).toBe(200)
    }
    advanceHours(24)
    expect((await session.request('GET', '/api/me')).status).toBe(401)
  })

  it('purges timed-out sessions from the table without waiting for their cookie to come back', async () => {
    const account = await seedAccount(server, [])
    await loggedIn(account)
    const rowsOf = () =>
      server.database.db.select().from(sessionsTable).where(eq(sessionsTable.user_id, account.user.id))
    expect(await rowsOf()).toHaveLength(1)
    advanceHours(73)
    await until(async () => (await rowsOf()).length === 0)
  })
})

describe('session rotation', () => {
  it("ends the browser's previous session at login: its cookie and its sockets", async () => {
    const account = await seedAccount(server, [])
    const session = await loggedIn(account)
    const before = session.cookieHeader()
    const socket = await connectBrowserSocket(server.url, before)
    const loggedOut = nextEvents(socket, 'log_out')
    expect((await session.login(account.email, account.password)).status).toBe(200)
    await loggedOut
    expect(session.cookieHeader()).not.toBe(before)
    expect((await fetch(`${server.url}/api/me`, { headers: { cookie: before } })).status).toBe(401)
    expect((await session.request('GET', '/api/me')).status).toBe(200)
    socket.close()
  })
})

describe('active sessions', () => {
  it("lists the user's own sessions by an opaque id, the current one marked", async () => {
    const account = await seedAccount(server, [])
    const laptop = await loggedIn(account)
    const phone = await loggedIn(account)
    await loggedIn(await seedAccount(server, []))

    const listed = await laptop.request('GET', '/api/sessions')
    expect(listed.status).toBe(200)
    const sessions = listed.body as unknown as ActiveSession[]
    expect(sessions).toHaveLength(2)
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
    expect(sessions[0]).toEqual({
      id: expect.any(String),
      current: expect.any(Boolean),
      created_at: expect.any(String),
      last_seen_at: expect.any(String),
      ip: '127.0.0.1',
      user_agent: expect.any(String),
    })
    // Neither the cookie token nor the stored id (its HMAC) is ever shown.
    const stored = (await server.database.db.select().from(sessionsTable)).map((row) => row.id)
    const tokens = [laptop, phone].map((session) => session.cookies.get('kropla_session'))
    for (const { id } of sessions) {
      expect(stored).not.toContain(id)
      expect(tokens).not.toContain(id)
    }
    const fromPhone = (await phone.request('GET', '/api/sessions')).body as unknown as ActiveSession[]
    expect(fromPhone.map((session) => session.id).sort()).toEqual(
      sessions.map((session) => session.id).sort(),
    )
    expect(fromPhone.find((session) => session.current)!.id).not.toBe(sessions.find((s) => s.current)!.id)
  })

  it("revokes another of one's sessions: its socket gets log_out at once and its cookie stops working", async () => {
    const account = await seedAccount(server, [])
    const laptop = await loggedIn(account)
    const phone = await loggedIn(account)
    const phoneSocket = await connectBrowserSocket(server.url, phone.cookieHeader())
    const laptopSocket = await connectBrowserSocket(server.url, laptop.cookieHeader())
    const laptopLoggedOut: unknown[] = []
    laptopSocket.on('log_out', () => laptopLoggedOut.push(true))

    const sessions = (await laptop.request('GET', '/api/sessions')).body as unknown as ActiveSession[]
    const other = sessions.find((session) => !session.current)!
    const loggedOut = nextEvents(phoneSocket, 'log_out')
    expect(await laptop.request('DELETE', `/api/sessions/${other.id}`)).toMatchObject({ status: 403 })
    expect(await laptop.write('DELETE', `/api/sessions/${other.id}`)).toEqual({
      status: 200,
      body: { ok: true },
    })
    await loggedOut
    expect((await phone.request('GET', '/api/me')).status).toBe(401)
    expect((await laptop.request('GET', '/api/me')).status).toBe(200)
    const left = (await laptop.request('GET', '/api/sessions')).body as unknown as ActiveSession[]
    expect(left.map((session) => session.id)).toEqual([sessions.find((session) => session.current)!.id])
    expect(laptopLoggedOut).toEqual([])
    phoneSocket.close()
    laptopSocket.close()
  })

  it("answers 404 to another user's session id, and leaves that session working", async () => {
    const account = await seedAccount(server, [])
    const neighbour = await seedAccount(server, [])
    const mine = await loggedIn(account)
    const theirs = await loggedIn(neighbour)
    const [their] = (await theirs.request('GET', '/api/sessions')).body as unknown as ActiveSession[]
    const answer = await mine.write('DELETE', `/api/sessions/${their!.id}`)
    expect(answer).toEqual({ status: 404, body: { error: 'not_found', message: 'Not found.' } })
    expect((await mine.write('DELETE', '/api/sessions/no-such-session')).status).toBe(404)
    expect((await theirs.request('GET', '/api/me')).status).toBe(200)
    expect((await httpSession(server.url).request('GET', '/api/sessions')).status).toBe(401)
  })

  it('revoking the current session logs this browser out', async () => {
    const account = await seedAccount(server, [])
    const session = await loggedIn(account)
    const [current] = (await session.request('GET', '/api/sessions')).body as unknown as ActiveSession[]
    expect((await session.write('DELETE', `/api/sessions/${current!.id}`)).status).toBe(200)
    expect(session.cookies.has('kropla_session')).toBe(false)
    expect((await session.request('GET', '/api/me')).status).toBe(401)
  })
})
