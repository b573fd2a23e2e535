import { saveMessageSchema, type UserMessageEvent } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, loggedIn } from '../../test/account-fixtures'
import { issuesOf } from '../../test/resource-fixtures'
import {
  connectBrowserSocket,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../../test/test-server'
import { createAdminMessagesDal, createUserMessagesDal } from './messages-dal'
import { createMessagesService } from './messages-service'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function farm(lang = 'en') {
  const seeded = await seedAccount(server, [])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  return { ...seeded, session }
}

async function operator() {
  const home = await seedAccount(server, [])
  const { email } = await addUser(server, home.user.id_client, 'adminus')
  return loggedIn(server.url, email)
}

const message = (recipients: object, extra: object = {}) => ({
  subject_pl: 'Przerwa serwisowa',
  subject_en: 'Service break',
  content_pl: 'W nocy serwer będzie niedostępny.',
  content_en: 'The server will be down tonight.',
  recipients,
  ...extra,
})

const unreadOf = async (session: Awaited<ReturnType<typeof loggedIn>>) =>
  (await session.request('GET', '/api/me')).body.unreadMessages

describe('operator messages', () => {
  it('reach the chosen account at once, in both languages, with the unread count; other accounts see nothing', async () => {
    const admin = await operator()
    const reader = await farm()
    const other = await farm()
    const socket = await connectBrowserSocket(server.url, reader.session.cookieHeader())
    const announced = nextEvents<UserMessageEvent>(socket, 'user_message')

    const sent = await admin.write(
      'POST',
      '/api/admin/messages',
      message({ kind: 'clients', ids: [reader.user.id_client] }),
    )
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ recipient_count: 1, read_count: 0 })

    const [event] = await announced
    expect(event!.unread).toBe(1)
    expect(event!.message).toMatchObject({
      subject_en: 'Service break',
      subject_pl: 'Przerwa serwisowa',
      read_date: null,
    })
    expect(await unreadOf(reader.session)).toBe(1)
    expect((await other.session.request('GET', '/api/user_messages')).body).toEqual([])
    expect(await unreadOf(other.session)).toBe(0)
    const id = sent.body.id as number
    expect((await other.session.request('GET', `/api/user_messages/${id}`)).status).toBe(404)
    expect((await other.session.write('PUT', `/api/user_messages/${id}/read`, { read: true })).status).toBe(
      404,
    )
    expect((await other.session.write('DELETE', `/api/user_messages/${id}`)).status).toBe(404)
    socket.disconnect()
  })

  it('is read, unread and deleted by each user for themselves', async () => {
    const admin = await operator()
    const reader = await farm()
    const colleague = await addUser(server, reader.user.id_client)
    const colleagueSession = await loggedIn(server.url, colleague.email)
    const sent = await admin.write(
      'POST',
      '/api/admin/messages',
      message({ kind: 'clients', ids: [reader.user.id_client] }),
    )
    const id = sent.body.id as number

    const read = await reader.session.write('PUT', `/api/user_messages/${id}/read`, { read: true })
    expect(read.body.read_date).toEqual(expect.any(String))
    expect(await unreadOf(reader.session)).toBe(0)
    expect(await unreadOf(colleagueSession)).toBe(1)
    await reader.session.write('PUT', `/api/user_messages/${id}/read`, { read: false })
    expect(await unreadOf(reader.session)).toBe(1)

    expect((await reader.session.write('DELETE', `/api/user_messages/${id}`)).status).toBe(200)
    expect((await reader.session.request('GET', '/api/user_messages')).body).toEqual([])
    expect((await colleagueSession.request('GET', '/api/user_messages')).body).toHaveLength(1)
    const list = (await admin.request('GET', '/api/admin/messages')).body as unknown as {
      id: number
      recipient_count: number
    }[]
    expect(list.find((row) => row.id === id)?.recipient_count).toBe(2)
  })

  it('to chosen users reaches only them; withdrawn, it leaves their lists', async () => {
    const admin = await operator()
    const reader = await farm()
    const colleague = await addUser(server, reader.user.id_client)
    const colleagueSession = await loggedIn(server.url, colleague.email)
    const sent = await admin.write(
      'POST',
      '/api/admin/messages',
      message({ kind: 'users', ids: [colleague.user.id] }),
    )
    expect(sent.body.recipient_count).toBe(1)
    expect((await reader.session.request('GET', '/api/user_messages')).body).toEqual([])
    expect((await colleagueSession.request('GET', '/api/user_messages')).body).toHaveLength(1)
    expect((await admin.write('DELETE', `/api/admin/messages/${sent.body.id}`)).status).toBe(200)
    expect((await colleagueSession.request('GET', '/api/user_messages')).body).toEqual([])
    expect(await unreadOf(colleagueSession)).toBe(0)
    // Opened or marked from a list shown before the withdrawal: 'Failed to load message' (spec 01 section 8).
    for (const answer of [
      await colleagueSession.request('GET', `/api/user_messages/${sent.body.id}`),
      await colleagueSession.write('PUT', `/api/user_messages/${sent.body.id}/read`, { read: true }),
    ]) {
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ error: 'message_load_failed', message: 'Failed to load message' })
    }
  })

  it('dated in the future stays hidden until its publication date', async () => {
    const admin = await operator()
    const reader = await farm()
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const sent = await admin.write(
      'POST',
      '/api/admin/messages',
      message({ kind: 'clients', ids: [reader.user.id_client] }, { publication_date: tomorrow }),
    )
    expect(sent.status).toBe(201)
    expect((await reader.session.request('GET', '/api/user_messages')).body).toEqual([])
    expect(await unreadOf(reader.session)).toBe(0)
  })

  it('is announced once: at publication when sent for now, by the publication sweep when dated later', async () => {
    const reader = await farm()
    const heard: { idUser: number; subject: string }[] = []
    const announcer = {
      toUser: (idUser: number, event: UserMessageEvent) =>
        heard.push({ idUser, subject: event.message.subject_en }),
    }
    let clock = new Date()
    const service = createMessagesService({
      mine: createUserMessagesDal(server.database.db),
      admin: createAdminMessagesDal(server.database.db),
      logger: server.logger,
      announcer,
      now: () => clock,
    })
    const recipients = { kind: 'users' as const, ids: [reader.user.id] }
    const before = clock
    await service.publish(reader.user.id, saveMessageSchema.parse(message(recipients, { subject_en: 'Now' })))
    const later = new Date(before.getTime() + 60_000)
    await service.publish(
      reader.user.id,
      saveMessageSchema.parse(
        message(recipients, { subject_en: 'Later', publication_date: later.toISOString() }),
      ),
    )
    expect(heard).toEqual([{ idUser: reader.user.id, subject: 'Now' }])
    // Every process's sweep over the time both came due: only the later one is news.
    clock = new Date(later.getTime() + 1000)
    await service.announceDue(new Date(before.getTime() - 1000), clock, announcer)
    expect(heard).toEqual([
      { idUser: reader.user.id, subject: 'Now' },
      { idUser: reader.user.id, subject: 'Later' },
    ])
  })

  it('refuses an empty subject, an unknown recipient and a normal user, and stores nothing', async () => {
    const admin = await operator()
    const reader = await farm('pl')
    const before = (await server.database.pool.query('select count(*)::int as n from messages')).rows[0].n
    const empty = await admin.write(
      'POST',
      '/api/admin/messages',
      message({ kind: 'all' }, { subject_en: ' ' }),
    )
    expect(empty.status).toBe(400)
    expect(issuesOf(empty.body)).toEqual({ subject_en: 'Field required' })
    const unknown = await admin.write(
      'POST',
      '/api/admin/messages',
      message({ kind: 'users', ids: [2_000_000_000] }),
    )
    expect(unknown.status).toBe(400)
    expect(issuesOf(unknown.body)).toEqual({
      'recipients.ids.0': 'One of the chosen elements no longer exists.',
    })
    const notOperator = await reader.session.write('POST', '/api/admin/messages', message({ kind: 'all' }))
    expect(notOperator.status).toBe(403)
    expect(notOperator.body.message).toBe('Brak dostępu')
    for (const path of ['/api/admin/messages', '/api/admin/message_templates'])
      expect((await reader.session.request('GET', path)).status).toBe(403)
    expect((await server.database.pool.query('select count(*)::int as n from messages')).rows[0].n).toBe(
      before,
    )
  })
})

describe('message templates', () => {
  it('are kept by unique name for the operator', async () => {
    const admin = await operator()
    const name = `Frost warning ${Math.random().toString(36).slice(2, 8)}`
    const created = await admin.write('POST', '/api/admin/message_templates', {
      name,
      subject_en: 'Frost tonight',
      subject_pl: 'Przymrozek w nocy',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name, subject_en: 'Frost tonight', content_en: '' })
    const twice = await admin.write('POST', '/api/admin/message_templates', { name })
    expect(twice.status).toBe(409)
    expect(issuesOf(twice.body)).toEqual({ name: 'A template with this name already exists.' })
    const edited = await admin.write('PUT', `/api/admin/message_templates/${created.body.id}`, {
      name,
      content_en: 'Cover the seedlings.',
    })
    expect(edited.body).toMatchObject({ content_en: 'Cover the seedlings.', subject_en: '' })
    const list = (await admin.request('GET', '/api/admin/message_templates')).body as unknown as {
      name: string
    }[]
    expect(list.map((template) => template.name)).toContain(name)
    expect((await admin.write('DELETE', `/api/admin/message_templates/${created.body.id}`)).status).toBe(200)
    expect((await admin.write('DELETE', `/api/admin/message_templates/${created.body.id}`)).status).toBe(404)
  })
})
