import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { addUser, knownPassword, lastMailTo, loggedIn } from '../../test/account-fixtures'
import { readOutbox } from '../../test/outbox'
import {
  connectBrowserSocket,
  httpSession,
  nextEvents,
  type SeededAccount,
  startWithAccounts,
  type TestServer,
} from '../../test/test-server'

let server: TestServer
let farm: SeededAccount
let neighbour: SeededAccount
let admin: ReturnType<typeof httpSession>
let worker: Awaited<ReturnType<typeof addUser>>
let workerSession: ReturnType<typeof httpSession>

const userRow = async (id: number) =>
  (await server.database.db.select().from(users).where(eq(users.id, id)))[0] ?? null

beforeAll(async () => {
  ;({ server, farm, neighbour } = await startWithAccounts(['AM-100-103'], ['AM-200']))
  worker = await addUser(server, farm.user.id_client, 'normal')
  admin = await loggedIn(server.url, farm.email, farm.password)
  workerSession = await loggedIn(server.url, worker.email)
})
afterAll(() => server?.stop())

describe('users management (admin)', () => {
  it("lists the users of the admin's own client account only", async () => {
    const answer = await admin.request('GET', '/api/users')
    expect(answer.status).toBe(200)
    const listed = answer.body as unknown as { id: number; email: string; type: number; invited: boolean }[]
    expect(listed.map((user) => [user.email, user.type, user.invited])).toEqual([
      [farm.email, 1, false],
      [worker.email, 2, false],
    ])
  })

  it("refuses to invite a user already in the admin's own list", async () => {
    const answer = await admin.write('POST', '/api/users/invite', { email: worker.email, type: 2 })
    expect(answer).toEqual({
      status: 400,
      body: { error: 'email_in_use', message: 'Provided email is already in use!' },
    })
    const polish = await admin.request(
      'POST',
      '/api/users/invite',
      { email: worker.email.toUpperCase(), type: 1 },
      { 'csrf-token': await admin.token(), 'accept-language': 'pl' },
    )
    expect(polish.body.message).toBe('Podany adres e-mail jest już używany!')
  })

  it('answers an address with an account in another farm exactly as a new one, changes nothing, and tells that address', async () => {
    const fresh = `fresh${process.pid}${Date.now()}@example.com`
    const asNew = await admin.write('POST', '/api/users/invite', { email: fresh, type: 2 })
    const elsewhere = await admin.write('POST', '/api/users/invite', {
      email: neighbour.email.toUpperCase(),
      type: 1,
    })
    expect(asNew).toEqual({ status: 202, body: { email: fresh } })
    expect(elsewhere).toEqual({ status: 202, body: { email: neighbour.email } })

    // The neighbour's user is untouched, not moved into or assigned to this farm.
    const neighbourRow = await userRow(neighbour.user.id)
    expect(neighbourRow).toMatchObject({ id_client: neighbour.user.id_client, invited: false })
    expect(neighbourRow!.password_hash).toBe(neighbour.user.password_hash)
    const assigned = await server.database.pool.query('select 1 from user_clients where user_id = $1', [
      neighbour.user.id,
    ])
    expect(assigned.rows).toEqual([])
    expect((await httpSession(server.url).login(neighbour.email, neighbour.password)).status).toBe(200)

    // The new address gets the invitation link; the existing one a notice with no link.
    expect(lastMailTo(server, fresh, 'invitation').subject).toBe(
      `Kropla: you are invited to the account "${farm.clientName}"`,
    )
    const notice = readOutbox(server.dataDir).filter((mail) => mail.to === neighbour.email)
    expect(notice).toHaveLength(1)
    expect(notice[0]!.subject).toBe(`Kropla: an invitation to the account "${farm.clientName}"`)
    expect(notice[0]!.text).toContain('This address already has a Kropla account, so nothing was changed')
    expect(notice[0]!.text).not.toContain('/#/invitation')
  })

  it('edits a user; a changed type reaches their sockets as user_client_change', async () => {
    const socket = await connectBrowserSocket(server.url, workerSession.cookieHeader())
    const change = nextEvents(socket, 'user_client_change')
    const answer = await admin.write('PUT', `/api/users/${worker.user.id}`, {
      name: 'Piotr',
      family_name: 'Wiśniewski',
      phone: '+48 600 700 800',
      description: 'Greenhouse 2',
      type: 1,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id: worker.user.id,
      name: 'Piotr',
      phone: '+48 600 700 800',
      type: 1,
    })
    expect(await change).toEqual([{ id_client: farm.user.id_client, type: 'type_changed', user_type: 1 }])

    const back = nextEvents(socket, 'user_client_change')
    await admin.write('PUT', `/api/users/${worker.user.id}`, { type: 2 })
    expect((await back)[0]).toMatchObject({ type: 'type_changed', user_type: 2 })
    expect(await userRow(worker.user.id)).toMatchObject({ type: 2, name: '', phone: '' })
    socket.close()

    const badPhone = await admin.write('PUT', `/api/users/${worker.user.id}`, { phone: '600', type: 2 })
    expect(badPhone.body.issues).toEqual([
      { path: 'phone', message: 'Enter the prefix and at least nine digits, e.g. +48 600 700 800.' },
    ])
  })

  it('keeps the last admin: they cannot be made a normal user, nor removed', async () => {
    const demoted = await admin.write('PUT', `/api/users/${farm.user.id}`, { type: 2 })
    expect(demoted).toEqual({
      status: 400,
      body: { error: 'last_admin', message: 'The last administrator cannot be removed.' },
    })
    const own = await admin.write('DELETE', '/api/users/me', { password: farm.password })
    expect(own.body.error).toBe('last_admin')
    expect(await userRow(farm.user.id)).toMatchObject({ type: 1 })

    // With a second admin there is no last one: either may become a normal user or be removed.
    const second = await addUser(server, farm.user.id_client, 'admin')
    expect((await admin.write('PUT', `/api/users/${second.user.id}`, { type: 2 })).status).toBe(200)
    expect((await admin.write('DELETE', `/api/users/${second.user.id}`)).status).toBe(200)
  })

  it('deleting a user ends their sockets with user_client_change, then log_out', async () => {
    const leaving = await addUser(server, farm.user.id_client, 'normal')
    const session = await loggedIn(server.url, leaving.email)
    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const events: string[] = []
    socket.onAny((event) => events.push(event))
    const loggedOut = nextEvents(socket, 'log_out')
    const change = nextEvents(socket, 'user_client_change')
    expect(await admin.write('DELETE', `/api/users/${leaving.user.id}`)).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(await change).toEqual([{ id_client: farm.user.id_client, type: 'deleted', user_type: 2 }])
    await loggedOut
    expect(events.filter((event) => event !== 'authorize')).toEqual(['user_client_change', 'log_out'])
    expect((await session.request('GET', '/api/me')).status).toBe(401)
    expect(await userRow(leaving.user.id)).toBeNull()
  })

  it('sends an admin deleting themselves to DELETE /api/users/me', async () => {
    const answer = await admin.write('DELETE', `/api/users/${farm.user.id}`)
    expect(answer).toEqual({ status: 403, body: { error: 'access_denied', message: 'Access denied' } })
  })
})

describe("deleting one's own user account", () => {
  it('needs the right password, then ends the session', async () => {
    const leaving = await addUser(server, farm.user.id_client, 'normal')
    const session = await loggedIn(server.url, leaving.email)
    const wrong = await session.write('DELETE', '/api/users/me', { password: 'Wrong-password-1' })
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'password_incorrect', message: 'Password entered is incorrect.' },
    })
    expect(await userRow(leaving.user.id)).not.toBeNull()
    const missing = await session.write('DELETE', '/api/users/me', {})
    expect(missing.body.issues).toEqual([{ path: 'password', message: 'Field required' }])

    expect(await session.write('DELETE', '/api/users/me', { password: knownPassword })).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(await userRow(leaving.user.id)).toBeNull()
    expect(session.cookies.has('kropla_session')).toBe(false)
    expect((await httpSession(server.url).login(leaving.email, knownPassword)).status).toBe(401)
  })
})

describe('users of another client account', () => {
  it('can be neither listed, edited nor deleted by this account’s admin', async () => {
    const stranger = await loggedIn(server.url, neighbour.email, neighbour.password)
    const listed = (await stranger.request('GET', '/api/users')).body as unknown as { email: string }[]
    expect(listed.map((user) => user.email)).toEqual([neighbour.email])

    const before = await userRow(worker.user.id)
    const edit = await stranger.write('PUT', `/api/users/${worker.user.id}`, { name: 'Taken over', type: 1 })
    expect(edit).toEqual({ status: 404, body: { error: 'not_found', message: 'Not found.' } })
    const remove = await stranger.write('DELETE', `/api/users/${worker.user.id}`)
    expect(remove.status).toBe(404)
    expect(await userRow(worker.user.id)).toEqual(before)
  })

  it('a normal user gets access_denied on every admin route, and changes nothing', async () => {
    const before = await userRow(farm.user.id)
    const answers = await Promise.all([
      workerSession.request('GET', '/api/users'),
      workerSession.write('POST', '/api/users/invite', { email: 'sneaky@example.com', type: 1 }),
      workerSession.write('PUT', `/api/users/${farm.user.id}`, { type: 2 }),
      workerSession.write('DELETE', `/api/users/${farm.user.id}`),
    ])
    for (const answer of answers)
      expect(answer).toEqual({ status: 403, body: { error: 'access_denied', message: 'Access denied' } })
    expect(await userRow(farm.user.id)).toEqual(before)
    const invited = await server.database.db.select().from(users).where(eq(users.email, 'sneaky@example.com'))
    expect(invited).toEqual([])
  })

  it('a visitor without a session gets not_authenticated', async () => {
    const visitor = httpSession(server.url)
    expect((await visitor.request('GET', '/api/users')).status).toBe(401)
    expect((await visitor.write('DELETE', '/api/users/me', { password: 'x' })).status).toBe(401)
    expect((await visitor.write('PUT', `/api/users/${farm.user.id}`, { type: 2 })).status).toBe(401)
  })
})
