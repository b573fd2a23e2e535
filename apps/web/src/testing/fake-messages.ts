import { type AdminMessage, type MessageTemplate, saveMessageSchema, type UserMessage } from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import { validationFailed } from './fake-refusals'
import type { FakeServer } from './fake-server'

/** Test-only: a message as its recipient has it. */
export function userMessageFixture(overrides: Partial<UserMessage> = {}): UserMessage {
  return {
    id: 1,
    subject_pl: 'Przerwa serwisowa',
    subject_en: 'Service break',
    content_pl: 'W nocy serwer będzie niedostępny.',
    content_en: 'The server will be down tonight.',
    type: 2,
    address: '',
    publication_date: '2026-05-01T08:00:00.000Z',
    read_date: null,
    ...overrides,
  }
}

export interface FakeMessages {
  mine: UserMessage[]
  sent: AdminMessage[]
  templates: MessageTemplate[]
}

/** Messages on top of the fake server: the user's own list and the operator's side. */
export function withMessages(server: FakeServer, messages: FakeMessages) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const path = String(input).split('?')[0] ?? ''
    const method = init?.method ?? 'GET'
    if (!/^\/api\/(user_messages|admin\/messages|admin\/message_templates)/.test(path))
      return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    server.state.calls.push({ method, path, body })
    const refuse = (status: number, code: string) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`) })
    const failure = server.state.failures.get(`${method} ${path}`)
    if (failure) {
      server.state.failures.delete(`${method} ${path}`)
      return refuse(failure.status, failure.code)
    }
    if (path === '/api/user_messages' && method === 'GET') return json(200, messages.mine)
    const own = /^\/api\/user_messages\/(\d+)(\/read)?$/.exec(path)
    if (own) {
      const id = Number(own[1])
      const message = messages.mine.find((row) => row.id === id)
      if (!message) return refuse(404, 'message_load_failed')
      if (method === 'PUT' && own[2]) {
        const read = (body as { read: boolean }).read
        const saved = { ...message, read_date: read ? '2026-05-02T08:00:00.000Z' : null }
        messages.mine = messages.mine.map((row) => (row.id === id ? saved : row))
        return json(200, saved)
      }
      if (method === 'DELETE') {
        messages.mine = messages.mine.filter((row) => row.id !== id)
        return json(200, { ok: true })
      }
      return json(200, message)
    }
    if (path === '/api/admin/messages' && method === 'GET') return json(200, messages.sent)
    if (path === '/api/admin/messages' && method === 'POST') {
      const parsed = saveMessageSchema.safeParse(body)
      if (!parsed.success) return json(400, validationFailed(lang, parsed.error.issues))
      const { publication_date, ...rest } = parsed.data
      const created: AdminMessage = {
        ...rest,
        id: messages.sent.length + 100,
        publication_date: publication_date ?? '2026-05-02T08:00:00.000Z',
        recipient_count: 3,
        read_count: 0,
        deleted_at: null,
      }
      messages.sent = [created, ...messages.sent]
      return json(201, created)
    }
    if (path === '/api/admin/message_templates' && method === 'GET') return json(200, messages.templates)
    return refuse(404, 'not_found')
  }
  return { ...server, fetch }
}
