import type { AuditEntry, AuditLogAnswer, MeResponse, SwitchClientAck } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAs } from '../../db/actor-context'
import { groups } from '../../db/schema'
import { addUser, loggedIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  httpSession,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../../test/test-server'

type Account = Awaited<ReturnType<typeof seedAccount>>
type Session = ReturnType<typeof httpSession>

let server: TestServer
let farm: Account
let other: Account
let operatorEmail: string

beforeAll(async () => {
  server = await startTestServer()
  farm = await seedAccount(server, ['AM-200'])
  other = await seedAccount(server, ['AM-200'])
  const operatorHome = await seedAccount(server, [])
  operatorEmail = (await addUser(server, operatorHome.user.id_client, 'adminus')).email
})
afterAll(() => server?.stop())

const logOf = async (session: Session, path: string) => {
  const answer = await session.request('GET', path)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body as unknown as AuditLogAnswer).entries
}
const operatorLog = async (query = '') =>
  logOf(await loggedIn(server.url, operatorEmail), `/api/admin/audit_log${query}`)

/** Tables whose writes the audit log leaves out on purpose (ADR 0069). */
const notAudited: Record<string, string> = {
  audit_log: 'the log itself',
  readings: 'device telemetry',
  latest_readings: 'device telemetry',
  readings_hourly: 'device telemetry',
  readings_daily: 'device telemetry',
  ingest_rejections: 'device telemetry',
  sessions:
    'bookkeeping touched on every use; logins, logouts and support switches are logged as entries of their own',
  login_failures: 'throttle counters',
  outputs_plans: 'derived from schedules (their writes are logged) by the planner, hundreds at a time',
  alarm_notifications: 'delivery bookkeeping of the notifier',
  app_secrets: 'secrets',
}

describe('the audit log', () => {
  it('covers every table of the schema, except the ones left out on purpose', async () => {
    const tables = await server.database.pool.query<{ name: string; audited: boolean }>(
      `select c.relname as name, exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'audit') as audited
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
    )
    const missing = tables.rows.filter((table) => !table.audited && !(table.name in notAudited))
    const both = tables.rows.filter((table) => table.audited && table.name in notAudited)
    expect(missing.map((table) => table.name)).toEqual([])
    expect(both.map((table) => table.name)).toEqual([])
  })

  it('records a write made through the API: who, which account, before and after, when, from where', async () => {
    const session = await loggedIn(server.url, farm.email)
    const started = Date.now()
    const created = await session.write('POST', '/api/groups', { name: 'North field', scope: 'objects' })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    const id = created.body.id as number
    const renamed = await session.write('PUT', `/api/groups/${id}`, { name: 'South field', scope: 'objects' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)

    const entries = (await operatorLog(`?entity=groups&id_client=${farm.user.id_client}`)).filter(
      (entry) => entry.entity_id === String(id),
    )
    // Newest first: the rename, then the creation.
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'insert'])
    const [update, insert] = entries as [AuditEntry, AuditEntry]
    expect(update).toMatchObject({
      id_client: farm.user.id_client,
      client_name: farm.clientName,
      actor_user: farm.user.id,
      actor_email: farm.email,
      actor_client: farm.user.id_client,
      support: false,
      via: 'http',
      before: { name: 'North field' },
      after: { name: 'South field' },
    })
    // Only what changed is kept for an update; the new row whole for an insert.
    expect(Object.keys(update.after ?? {})).toEqual(['name'])
    expect(insert.after).toMatchObject({
      id,
      name: 'North field',
      scope: 'objects',
      id_client: farm.user.id_client,
    })
    expect(insert.before).toBeNull()
    expect(update.ip).toMatch(/127\.0\.0\.1/)
    expect(Date.parse(update.at)).toBeGreaterThanOrEqual(started - 5_000)
    expect(Date.parse(update.at)).toBeLessThanOrEqual(Date.now() + 5_000)
  })

  it('keeps a password hash out of the log: it shows only as redacted', async () => {
    const entries = await operatorLog(`?entity=users&id_client=${farm.user.id_client}`)
    const created = entries.find(
      (entry) => entry.action === 'insert' && entry.entity_id === String(farm.user.id),
    )
    expect(created?.after).toMatchObject({ email: farm.email, password_hash: '[redacted]' })
    expect(JSON.stringify(entries)).not.toMatch(/scrypt|\$[0-9a-z]+\$/i)
  })

  it('leaves nothing in the log when the write is rolled back', async () => {
    const before = (await operatorLog(`?entity=groups&id_client=${other.user.id_client}`)).length
    // A write inside a transaction that then fails, made for a person: the row and its entry go together.
    await expect(
      runAs(
        {
          user_id: other.user.id,
          email: other.email,
          id_client: other.user.id_client,
          home_client: other.user.id_client,
          support: false,
          ip: '127.0.0.1',
          via: 'http',
        },
        () =>
          server.database.db.transaction(async (tx) => {
            await tx
              .insert(groups)
              .values({ id_client: other.user.id_client, name: 'Lost', scope: 'objects' })
            throw new Error('a later step failed')
          }),
      ),
    ).rejects.toThrow('a later step failed')
    // And a refused write through the API (an element of another account) changes nothing either.
    const session = await loggedIn(server.url, other.email)
    const refused = await session.write('POST', '/api/groups', {
      name: 'Stolen',
      scope: 'objects',
      elements: [farm.modules[0]!.id],
    })
    expect(refused.status).toBeGreaterThanOrEqual(400)
    const after = await operatorLog(`?entity=groups&id_client=${other.user.id_client}`)
    expect(after.length).toBe(before)
    expect(JSON.stringify(after)).not.toMatch(/Lost|Stolen/)
  })

  it("shows an account admin their own account's entries only", async () => {
    const farmSession = await loggedIn(server.url, farm.email)
    const otherSession = await loggedIn(server.url, other.email)
    await otherSession.write('POST', '/api/groups', { name: 'Other farm group', scope: 'objects' })
    await farmSession.write('POST', '/api/groups', { name: 'Farm group', scope: 'objects' })
    // Asking for another account's entries by the query changes nothing.
    const mine = await logOf(farmSession, `/api/audit_log?id_client=${other.user.id_client}`)
    expect(mine.length).toBeGreaterThan(0)
    expect(new Set(mine.map((entry) => entry.id_client))).toEqual(new Set([farm.user.id_client]))
    expect(JSON.stringify(mine)).not.toContain('Other farm group')
    const filters = (await farmSession.request('GET', '/api/audit_log/filters')).body as {
      clients: { id: number }[]
      users: { id_client: number }[]
    }
    expect(filters.clients.map((client) => client.id)).toEqual([farm.user.id_client])
    expect(new Set(filters.users.map((user) => user.id_client))).toEqual(new Set([farm.user.id_client]))
  })

  it("refuses the operator's log to account admins and normal users, and the account log to normal users", async () => {
    const admin = await loggedIn(server.url, farm.email)
    const normal = await loggedIn(server.url, (await addUser(server, farm.user.id_client, 'normal')).email)
    for (const session of [admin, normal]) {
      for (const path of ['/api/admin/audit_log', '/api/admin/audit_log/filters']) {
        expect((await session.request('GET', path)).status).toBe(403)
      }
    }
    expect((await normal.request('GET', '/api/audit_log')).status).toBe(403)
    expect((await normal.request('GET', '/api/audit_log/filters')).status).toBe(403)
  })

  it('records device telemetry never, and leaves ingest alone', async () => {
    const module = farm.modules[0]!
    const response = await fetch(`${server.url}/ingest/v1/${module.serial}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${module.serial}:${module.pin}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ts: new Date().toISOString(), values: { TEMP_1: 21 } }),
    })
    expect(response.status).toBe(202)
    const entries = await operatorLog(`?id_client=${farm.user.id_client}`)
    expect(entries.filter((entry) => /readings|latest/.test(entry.entity))).toEqual([])
    expect(entries.filter((entry) => entry.entity === 'objects' && entry.action === 'update')).toEqual([])
  })
})

describe('logins and logouts', () => {
  const sessionEntries = async (idClient: number, email: string) =>
    (await operatorLog(`?entity=sessions&id_client=${idClient}`)).filter(
      (entry) => (entry.after ?? entry.before)?.user === email,
    )

  it('records a failed login, a login and a logout: whose, which account, from which address, when', async () => {
    const started = Date.now()
    const { email } = await addUser(server, farm.user.id_client, 'normal')
    const wrong = httpSession(server.url)
    expect((await wrong.login(email, 'Not-the-password-1')).status).toBe(401)
    const session = await loggedIn(server.url, email)
    expect((await session.write('GET', '/logout')).status).toBe(200)

    const entries = await sessionEntries(farm.user.id_client, email)
    // Newest first; the log's kind filter gives only these three.
    expect(entries.map((entry) => entry.action)).toEqual(['logout', 'login', 'login_failed'])
    const [logout, login, failed] = entries as [AuditEntry, AuditEntry, AuditEntry]
    expect(login).toMatchObject({
      entity: 'sessions',
      id_client: farm.user.id_client,
      actor_email: email,
      ip: '127.0.0.1',
      via: 'http',
    })
    expect(logout).toMatchObject({ actor_email: email, id_client: farm.user.id_client, ip: '127.0.0.1' })
    // Nobody is logged in at a failed attempt: the address and the account tried are what is known.
    expect(failed).toMatchObject({ actor_email: null, id_client: farm.user.id_client, ip: '127.0.0.1' })
    for (const entry of entries) expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000)
    expect(
      (await operatorLog(`?entity=sessions&id_client=${farm.user.id_client}`)).every(
        (entry) => entry.entity === 'sessions',
      ),
    ).toBe(true)
  })

  it("records the logout of every session a block ends, as the operator's doing, and shows logins in the account's own log", async () => {
    const blockedFarm = await seedAccount(server, [])
    const { email } = await addUser(server, blockedFarm.user.id_client, 'normal')
    const user = await loggedIn(server.url, email)
    const admin = await loggedIn(server.url, blockedFarm.email)
    const own = await logOf(admin, '/api/audit_log?entity=sessions')
    expect(
      own
        .filter((entry) => entry.action === 'login')
        .map((entry) => entry.actor_email)
        .sort(),
    ).toEqual([blockedFarm.email, email].sort())

    const operator = await loggedIn(server.url, operatorEmail)
    const blocked = await operator.write('PUT', `/api/admin/clients/${blockedFarm.user.id_client}/access`, {
      blocked: true,
    })
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200)
    expect((await user.request('GET', '/api/me')).status).not.toBe(200)

    const forced = (await sessionEntries(blockedFarm.user.id_client, email)).filter(
      (entry) => entry.action === 'logout_forced',
    )
    expect(forced).toHaveLength(1)
    expect(forced[0]).toMatchObject({ actor_email: operatorEmail, id_client: blockedFarm.user.id_client })
    const admins = await sessionEntries(blockedFarm.user.id_client, blockedFarm.email)
    expect(admins.map((entry) => entry.action)).toContain('logout_forced')
  })
})

const me = async (session: Session) => (await session.request('GET', '/api/me')).body as unknown as MeResponse

describe('support access', () => {
  it('lets an operator switch into an account with a reason, act there on its behalf, and switch back: all in the log', async () => {
    const session = await loggedIn(server.url, operatorEmail)
    const home = (await me(session)).user.id_client
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const switchTo = (payload: object) =>
      socket.emitWithAck('switch_client', payload) as Promise<SwitchClientAck>
    try {
      // Without a reason: refused, and the session stays home.
      expect(await switchTo({ id_client: farm.user.id_client })).toMatchObject({
        err: 'support_reason_required',
      })
      expect(await switchTo({ id_client: farm.user.id_client, reason: '   ' })).toMatchObject({
        err: 'support_reason_required',
      })
      expect((await me(session)).user.id_client).toBe(home)

      expect(
        await switchTo({ id_client: farm.user.id_client, reason: 'Ticket 42: valves do not open' }),
      ).toEqual({
        ok: true,
      })
      const there = await me(session)
      expect(there.user).toMatchObject({ id_client: farm.user.id_client, client_name: farm.clientName })
      expect(there.support).toEqual({ reason: 'Ticket 42: valves do not open', home_client: home })
      expect(there.objects.map((object) => object.serial)).toEqual([farm.modules[0]!.serial])

      const created = await session.write('POST', '/api/groups', {
        name: 'Made by support',
        scope: 'objects',
      })
      expect(created.status).toBe(201)

      expect(await switchTo({ id_client: home })).toEqual({ ok: true })
      const back = await me(session)
      expect(back.user.id_client).toBe(home)
      expect(back.support).toBeUndefined()
    } finally {
      socket.close()
    }

    // The client's admin sees the operator come in, act on the account's behalf, and leave.
    const entries = await logOf(await loggedIn(server.url, farm.email), '/api/audit_log')
    const relevant = entries.filter(
      (entry) =>
        entry.entity === 'support' || (entry.entity === 'groups' && entry.after?.name === 'Made by support'),
    )
    expect(relevant.map((entry) => [entry.action, entry.entity])).toEqual([
      ['switch_out', 'support'],
      ['insert', 'groups'],
      ['switch_in', 'support'],
    ])
    const [out, insert, into] = relevant as [AuditEntry, AuditEntry, AuditEntry]
    expect(into).toMatchObject({
      actor_email: operatorEmail,
      actor_client: home,
      id_client: farm.user.id_client,
      reason: 'Ticket 42: valves do not open',
      via: 'socket',
    })
    expect(insert).toMatchObject({
      actor_email: operatorEmail,
      actor_client: home,
      support: true,
      via: 'http',
    })
    expect(out).toMatchObject({
      actor_email: operatorEmail,
      support: true,
      reason: 'Ticket 42: valves do not open',
    })
    // The operator finds the same entries filtered by kind.
    const support = await operatorLog(`?entity=support&id_client=${farm.user.id_client}`)
    expect(support.map((entry) => entry.action)).toEqual(['switch_out', 'switch_in'])
  })

  it('does not let an account admin switch into an account they are not assigned to, reason or not', async () => {
    const session = await loggedIn(server.url, other.email)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    try {
      expect(
        await socket.emitWithAck('switch_client', { id_client: farm.user.id_client, reason: 'Curious' }),
      ).toMatchObject({ err: 'switch_client_failed' })
      expect((await me(session)).user.id_client).toBe(other.user.id_client)
    } finally {
      socket.close()
    }
  })
})
