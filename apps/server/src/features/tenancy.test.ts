import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  connectBrowserSocket,
  httpSession,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../test/test-server'

/**
 * One client account must never read or change another's data. Every route of the API is listed
 * here with how it is scoped; a new route fails the first test until it is classified and, when
 * it touches account data, probed below.
 */
const routes: Record<string, 'public' | 'own user' | 'own account' | 'device'> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /token': 'public',
  'POST /login': 'public',
  'GET /logout': 'own user',
  'GET /api/me': 'own account',
  'GET /api/sessions': 'own user',
  'DELETE /api/sessions/{id}': 'own user',
  'PUT /api/users/lang': 'own user',
  'GET /api/users': 'own account',
  'POST /api/users/invite': 'own account',
  'DELETE /api/users/me': 'own user',
  'PUT /api/users/{id}': 'own account',
  'DELETE /api/users/{id}': 'own account',
  'POST /api/register/device': 'public',
  'POST /api/register/account-name': 'public',
  'POST /api/register': 'public',
  'POST /api/pass_reset': 'public',
  'POST /api/pass_reset/confirm': 'public',
  'GET /api/invitations/{token}': 'public',
  'POST /api/invitations/accept': 'public',
  'GET /api/profile': 'own user',
  'PUT /api/profile': 'own user',
  'PUT /api/profile/preferences': 'own user',
  'GET /api/client': 'own account',
  'PUT /api/client': 'own account',
  'DELETE /api/client': 'own account',
  'POST /ingest/v1/{serial}': 'device',
}

let server: TestServer
let victim: Awaited<ReturnType<typeof seedAccount>>
let intruder: Awaited<ReturnType<typeof seedAccount>>
let victimSession: ReturnType<typeof httpSession>
let intruderSession: ReturnType<typeof httpSession>

beforeAll(async () => {
  server = await startTestServer()
  victim = await seedAccount(server, ['AM-100-103'])
  intruder = await seedAccount(server, ['AM-200'])
  victimSession = httpSession(server.url)
  intruderSession = httpSession(server.url)
  await victimSession.login(victim.email, victim.password)
  await intruderSession.login(intruder.email, intruder.password)
})
afterAll(() => server?.stop())

const victimRow = async () =>
  (
    await server.database.pool.query(
      'select u.name, u.type, u.lang, c.name as client from users u join clients c on c.id = u.id_client where u.id = $1',
      [victim.user.id],
    )
  ).rows[0]

describe('separation of client accounts', () => {
  it('knows how every route of the API is scoped', async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(listed.sort()).toEqual(Object.keys(routes).sort())
  })

  it("shows an admin of one account none of another's modules, users, sessions or account data", async () => {
    const before = await victimRow()
    const me = await intruderSession.request('GET', '/api/me')
    expect((me.body.objects as { serial: string }[]).map((o) => o.serial)).toEqual([
      intruder.modules[0]!.serial,
    ])
    const users = await intruderSession.request('GET', '/api/users')
    expect(JSON.stringify(users.body)).not.toContain(victim.email)
    const client = await intruderSession.request('GET', '/api/client')
    expect(client.body.name).toBe(intruder.clientName)
    const sessions = await intruderSession.request('GET', '/api/sessions')
    const victimSessions = await victimSession.request('GET', '/api/sessions')
    const victimIds = (victimSessions.body as unknown as { id: string }[]).map((s) => s.id)
    for (const session of sessions.body as unknown as { id: string }[])
      expect(victimIds).not.toContain(session.id)
    expect(await victimRow()).toEqual(before)
  })

  it("changes nothing of another account's users, sessions or account through ids or names", async () => {
    const before = await victimRow()
    const victimSessions = (await victimSession.request('GET', '/api/sessions')).body as unknown as {
      id: string
    }[]

    const edit = await intruderSession.write('PUT', `/api/users/${victim.user.id}`, {
      name: 'Taken over',
      type: 2,
    })
    expect(edit.status).toBe(404)
    const remove = await intruderSession.write('DELETE', `/api/users/${victim.user.id}`)
    expect(remove.status).toBe(404)
    const revoke = await intruderSession.write('DELETE', `/api/sessions/${victimSessions[0]!.id}`)
    expect(revoke.status).toBe(404)
    const invite = await intruderSession.write('POST', '/api/users/invite', { email: victim.email, type: 1 })
    expect(invite.body.error).toBe('email_in_use')
    const rename = await intruderSession.request('GET', '/api/client')
    const renamed = await intruderSession.write('PUT', '/api/client', {
      ...rename.body,
      name: victim.clientName,
    })
    expect(renamed.body.error).toBe('account_name_exists')
    await intruderSession.write('PUT', '/api/users/lang', { lang: 'pl' })

    expect(await victimRow()).toEqual(before)
    expect((await victimSession.request('GET', '/api/me')).status).toBe(200)
  })

  it("lets no module report under another account's serial", async () => {
    const [module] = intruder.modules
    const answer = await fetch(`${server.url}/ingest/v1/${victim.modules[0]!.serial}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${module!.serial}:${module!.pin}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ values: { TEMP_1: 99 } }),
    })
    expect(answer.status).toBe(401)
    const stored = await server.database.pool.query('select 1 from readings where object_id = $1', [
      victim.modules[0]!.id,
    ])
    expect(stored.rows).toEqual([])
  })

  it("refuses a socket's switch to an account the user is not assigned to", async () => {
    const socket = await connectBrowserSocket(server.url, intruderSession.cookieHeader())
    const answer = await socket.emitWithAck('switch_client', { id_client: victim.user.id_client })
    expect(answer).toMatchObject({ err: 'switch_client_failed' })
    const me = await intruderSession.request('GET', '/api/me')
    expect((me.body.user as { id_client: number }).id_client).toBe(intruder.user.id_client)
    socket.close()
  })
})
