import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients } from '../../db/schema'
import { testBundle } from '../../test/test-bundle'
import {
  connectBrowserSocket,
  httpSession,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../../test/test-server'
import { AccessInputError, createAccountAccess, parseExpiryDate } from './account-access'
import { createAccountAccessDal } from './account-access-dal'

const mailboxes = { ORDER_EMAIL: 'orders@farm-supply.example', SUPPORT_EMAIL: 'help@farm-supply.example' }
const blockedEn = 'This account is blocked. Please contact help@farm-supply.example.'
const expiredEn =
  'Your account has expired. Please contact orders@farm-supply.example or help@farm-supply.example.'

let server: TestServer
let offset = 0

beforeAll(async () => {
  server = await startTestServer(mailboxes, { now: () => new Date(Date.now() + offset), housekeepingMs: 100 })
})
afterAll(() => server?.stop())

const access = () => createAccountAccess(createAccountAccessDal(server.database.db))

describe('expiry dates on the command line', () => {
  it('reads YYYY-MM-DD as the start of that day in UTC, and nothing else', () => {
    expect(parseExpiryDate('2027-03-01').toISOString()).toBe('2027-03-01T00:00:00.000Z')
    for (const wrong of ['2027-02-30', '2027-3-1', '01.03.2027', 'tomorrow'])
      expect(() => parseExpiryDate(wrong)).toThrow(AccessInputError)
  })
})

describe('logging in to a blocked or expired account', () => {
  it('refuses a blocked account with the support mailbox, in English and Polish', async () => {
    const account = await seedAccount(server, [])
    await access().block(account.clientName)
    const english = await httpSession(server.url, 'en').login(account.email, account.password)
    expect(english).toEqual({ status: 403, body: { error: 'account_blocked', message: blockedEn } })
    const polish = httpSession(server.url, 'pl')
    expect((await polish.login(account.email, account.password)).body).toEqual({
      error: 'account_blocked',
      message: 'To konto jest zablokowane. Skontaktuj się z help@farm-supply.example.',
    })
    expect(polish.cookies.has('kropla_session')).toBe(false)
    // Only the password's owner learns that the account is blocked.
    expect((await httpSession(server.url).login(account.email, 'Wrong-password-1')).body.error).toBe(
      'incorrect_login',
    )
    await access().unblock(account.clientName)
    expect((await httpSession(server.url).login(account.email, account.password)).status).toBe(200)
  })

  it("refuses an expired account with the spec's message naming the order and support mailboxes", async () => {
    const account = await seedAccount(server, [])
    await access().expire(account.clientName, new Date('2020-01-01T00:00:00Z'))
    expect(await httpSession(server.url, 'en').login(account.email, account.password)).toEqual({
      status: 403,
      body: { error: 'account_expired', message: expiredEn },
    })
    expect((await httpSession(server.url, 'pl').login(account.email, account.password)).body).toEqual({
      error: 'account_expired',
      message:
        'Twoje konto wygasło. Skontaktuj się z orders@farm-supply.example lub help@farm-supply.example.',
    })
    await access().expire(account.clientName, null)
    expect((await httpSession(server.url).login(account.email, account.password)).status).toBe(200)
  })
})

describe('a session whose account becomes blocked or expired', () => {
  it('ends when the operator blocks the account: the cookie opens nothing, the socket gets log_out', async () => {
    const account = await seedAccount(server, [])
    const neighbour = await seedAccount(server, [])
    const session = httpSession(server.url)
    await session.login(account.email, account.password)
    const other = httpSession(server.url)
    await other.login(neighbour.email, neighbour.password)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const loggedOut = nextEvents(socket, 'log_out')

    const { endedSessions } = await access().block(account.clientName)
    expect(endedSessions).toHaveLength(1)
    // Ended in the database, as the command line does from another process: housekeeping reaches the socket.
    await loggedOut
    expect((await session.request('GET', '/api/me')).status).toBe(401)
    expect((await other.request('GET', '/api/me')).status).toBe(200)
    await expect(connectBrowserSocket(server.url, session.cookieHeader())).rejects.toThrow(
      'not_authenticated',
    )
    socket.close()
  })

  it('is refused on every route with the blocked message when the flag is set behind its back', async () => {
    const account = await seedAccount(server, [])
    const session = httpSession(server.url)
    await session.login(account.email, account.password)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const loggedOut = nextEvents(socket, 'log_out')
    await server.database.db
      .update(clients)
      .set({ blocked: true })
      .where(eq(clients.name, account.clientName))

    expect(await session.request('GET', '/api/me')).toEqual({
      status: 403,
      body: { error: 'account_blocked', message: blockedEn },
    })
    expect((await session.write('PUT', '/api/users/lang', { lang: 'pl' })).body.error).toBe('account_blocked')
    expect((await session.request('GET', '/api/sessions')).body.error).toBe('account_blocked')
    await loggedOut
    await expect(connectBrowserSocket(server.url, session.cookieHeader())).rejects.toThrow('account_blocked')
    // Logging out still works, and ends the session.
    expect((await session.write('GET', '/logout')).status).toBe(200)
    await server.database.db
      .update(clients)
      .set({ blocked: false })
      .where(eq(clients.name, account.clientName))
    expect((await session.request('GET', '/api/me')).status).toBe(401)
    socket.close()
  })

  it('stops when the expiry date passes, with the expiry message', async () => {
    const account = await seedAccount(server, [])
    await access().expire(account.clientName, new Date(Date.now() + offset + 24 * 3600_000))
    const session = httpSession(server.url)
    expect((await session.login(account.email, account.password)).status).toBe(200)
    expect((await session.request('GET', '/api/me')).status).toBe(200)
    offset += 25 * 3600_000
    expect(await session.request('GET', '/api/me')).toEqual({
      status: 403,
      body: { error: 'account_expired', message: expiredEn },
    })
    await expect(connectBrowserSocket(server.url, session.cookieHeader())).rejects.toThrow('account_expired')
  })
})

// The command line bundled once for the run (ADR 0095): the same source as bin/kropla.mjs.
const bin = testBundle('kropla')
const run = promisify(execFile)

/** `kropla …` as an operator runs it, on the embedded database in `dataDir`. */
async function kropla(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [bin, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    })
    return { code: 0, out: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout + failed.stderr }
  }
}

// On the embedded database in every tier: the command line and the server share its data directory.
describe('the operator command line', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-access-cli-'))
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const serve = () => startTestServer({ ...mailboxes, DATA_DIR: dataDir, DATABASE_URL: '' })

  it('blocks, unblocks, expires accounts and assigns users to further accounts', {
    timeout: 300_000,
  }, async () => {
    let running = await serve()
    const blocked = await seedAccount(running, [])
    const expired = await seedAccount(running, [])
    const worker = await seedAccount(running, [])
    const second = await seedAccount(running, [])
    await running.stop()

    expect(await kropla(dataDir, 'client', 'block', blocked.clientName)).toEqual({
      code: 0,
      out: `Client account ${blocked.clientName} is blocked; 0 sessions ended.\n`,
    })
    expect(await kropla(dataDir, 'client', 'expire', expired.clientName, '--at', '2020-01-01')).toEqual({
      code: 0,
      out: `Client account ${expired.clientName} expires at 2020-01-01T00:00:00.000Z.\n`,
    })
    expect(await kropla(dataDir, 'client', 'expire', expired.clientName)).toEqual({
      code: 1,
      out: 'Give either --at YYYY-MM-DD or --never.\n',
    })
    const assign = [
      'user',
      'assign',
      '--email',
      worker.email,
      '--client',
      second.clientName,
      '--type',
      'normal',
    ]
    expect(await kropla(dataDir, ...assign)).toEqual({
      code: 0,
      out: `User ${worker.email} may work in ${second.clientName} (normal).\n`,
    })

    running = await serve()
    try {
      const login = (account: { email: string; password: string }) =>
        httpSession(running.url).login(account.email, account.password)
      expect((await login(blocked)).body.message).toBe(blockedEn)
      expect((await login(expired)).body.message).toBe(expiredEn)
      const session = httpSession(running.url)
      expect((await session.login(worker.email, worker.password)).status).toBe(200)
      const me = await session.request('GET', '/api/me')
      expect(me.body.assignedClients).toEqual([
        { id: worker.user.id_client, name: worker.clientName, type: 1 },
        { id: second.user.id_client, name: second.clientName, type: 2 },
      ])
    } finally {
      await running.stop()
    }

    expect((await kropla(dataDir, 'client', 'unblock', blocked.clientName)).code).toBe(0)
    expect((await kropla(dataDir, 'client', 'expire', expired.clientName, '--never')).out).toBe(
      `Client account ${expired.clientName} never expires.\n`,
    )
    running = await serve()
    try {
      expect((await httpSession(running.url).login(blocked.email, blocked.password)).status).toBe(200)
      expect((await httpSession(running.url).login(expired.email, expired.password)).status).toBe(200)
    } finally {
      await running.stop()
    }
  })
})
