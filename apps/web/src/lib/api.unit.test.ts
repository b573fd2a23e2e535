import { describe, expect, it } from 'vitest'
import { createApiClient, parsedOnDemand } from './api'
import { ApiRequestError } from './api-error'

interface Call {
  path: string
  method: string
  headers: Record<string, string>
  body: string | undefined
  credentials: RequestCredentials | undefined
}

/** A fake server: answers are taken in order per path; every call is recorded. */
function fakeServer(answers: Record<string, { status: number; body: unknown }[]>) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
    calls.push({
      path,
      method: init?.method ?? 'GET',
      headers: (init?.headers ?? {}) as Record<string, string>, // the client always passes a plain object
      body: init?.body === undefined ? undefined : String(init.body),
      credentials: init?.credentials,
    })
    const queue = answers[path.split('?')[0] ?? path]
    const answer = queue && (queue.length > 1 ? queue.shift() : queue[0])
    if (!answer) throw new TypeError('Failed to fetch')
    return new Response(JSON.stringify(answer.body), { status: answer.status })
  }
  return { calls, fetch }
}

const ok = (body: unknown = { ok: true }) => ({ status: 200, body })
/** These tests are about the request, not the answer's shape: any answer passes. */
const anyAnswer = { parse: (input: unknown) => input }
const fail = (status: number, error: string, message = '') => ({ status, body: { error, message } })

function client(server: ReturnType<typeof fakeServer>, lang = 'pl') {
  const events = { notAuthenticated: 0 }
  const api = createApiClient({
    fetch: server.fetch,
    getLang: () => lang,
    onNotAuthenticated: () => {
      events.notAuthenticated += 1
    },
  })
  return { api, events }
}

describe('api client', () => {
  it('obtains the CSRF token once and sends it on every write', async () => {
    const server = fakeServer({ '/token': [ok({ token: 'T1' })], '/api/things': [ok()] })
    const { api } = client(server)
    await api.post('/api/things', { a: 1 }, anyAnswer)
    await api.put('/api/things', { a: 2 }, anyAnswer)
    await api.delete('/api/things', undefined, anyAnswer)
    expect(server.calls.filter((call) => call.path === '/token')).toHaveLength(1)
    const writes = server.calls.filter((call) => call.path === '/api/things')
    expect(writes.map((call) => call.headers['csrf-token'])).toEqual(['T1', 'T1', 'T1'])
    expect(writes[0]?.body).toBe('{"a":1}')
    expect(writes[0]?.headers['content-type']).toBe('application/json')
  })

  it('does not ask for a token to read', async () => {
    const server = fakeServer({ '/api/things': [ok()] })
    await client(server).api.get('/api/things', anyAnswer)
    expect(server.calls.map((call) => call.path)).toEqual(['/api/things'])
    expect(server.calls[0]?.headers['csrf-token']).toBeUndefined()
  })

  it('sends the CSRF token with GET /logout, which the server guards like a write', async () => {
    const server = fakeServer({ '/token': [ok({ token: 'T1' })], '/logout': [ok()] })
    await client(server).api.get('/logout', anyAnswer)
    expect(server.calls.map((call) => [call.method, call.path, call.headers['csrf-token']])).toEqual([
      ['GET', '/token', undefined],
      ['GET', '/logout', 'T1'],
    ])
  })

  it('sends the interface language and the session cookie with every call', async () => {
    const server = fakeServer({ '/api/things': [ok()] })
    await client(server, 'pl').api.get('/api/things', anyAnswer)
    expect(server.calls[0]?.headers['accept-language']).toBe('pl')
    expect(server.calls[0]?.credentials).toBe('same-origin')
  })

  it('gets a fresh token and retries once when the server rejects the token', async () => {
    const server = fakeServer({
      '/token': [ok({ token: 'old' }), ok({ token: 'new' })],
      '/api/things': [fail(403, 'csrf_invalid'), ok({ done: 1 })],
    })
    await expect(client(server).api.post('/api/things', {}, anyAnswer)).resolves.toEqual({ done: 1 })
    const writes = server.calls.filter((call) => call.path === '/api/things')
    expect(writes.map((call) => call.headers['csrf-token'])).toEqual(['old', 'new'])
  })

  it('gives up after one retry so a broken token cannot loop', async () => {
    const server = fakeServer({ '/token': [ok({ token: 'T' })], '/api/things': [fail(403, 'csrf_invalid')] })
    await expect(client(server).api.post('/api/things', {}, anyAnswer)).rejects.toMatchObject({
      code: 'csrf_invalid',
    })
    expect(server.calls.filter((call) => call.path === '/api/things')).toHaveLength(2)
  })

  it('asks for a new token after the session changed', async () => {
    const server = fakeServer({ '/token': [ok({ token: 'A' }), ok({ token: 'B' })], '/login': [ok()] })
    const { api } = client(server)
    await api.post('/login', {}, anyAnswer)
    api.forgetCsrfToken()
    await api.post('/login', {}, anyAnswer)
    expect(
      server.calls.filter((call) => call.path === '/login').map((call) => call.headers['csrf-token']),
    ).toEqual(['A', 'B'])
  })

  it('passes on the server error code and its localized message', async () => {
    const server = fakeServer({
      '/token': [ok({ token: 'T' })],
      '/login': [fail(401, 'incorrect_login', 'Niepoprawne dane logowania.')],
    })
    const error = await client(server)
      .api.post('/login', {}, anyAnswer)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({
      status: 401,
      code: 'incorrect_login',
      serverMessage: 'Niepoprawne dane logowania.',
    })
  })

  it('sends the user to login when a call fails for lack of a session', async () => {
    const server = fakeServer({ '/api/things': [fail(401, 'not_authenticated')] })
    const { api, events } = client(server)
    await expect(api.get('/api/things', anyAnswer)).rejects.toMatchObject({ code: 'not_authenticated' })
    expect(events.notAuthenticated).toBe(1)
  })

  it('does not redirect for /api/me and /api/users/lang (spec 01 section 7)', async () => {
    const server = fakeServer({
      '/token': [ok({ token: 'T' })],
      '/api/me': [fail(401, 'not_authenticated')],
      '/api/users/lang': [fail(401, 'not_authenticated')],
    })
    const { api, events } = client(server)
    await expect(api.get('/api/me', anyAnswer)).rejects.toMatchObject({ code: 'not_authenticated' })
    await expect(api.put('/api/users/lang', { lang: 'pl' }, anyAnswer)).rejects.toMatchObject({
      code: 'not_authenticated',
    })
    expect(events.notAuthenticated).toBe(0)
  })

  it('reports a lost connection as a network failure', async () => {
    const server = fakeServer({})
    await expect(client(server).api.get('/api/things', anyAnswer)).rejects.toMatchObject({
      status: 0,
      code: 'network',
    })
  })

  it('reports a gateway error page as a lost connection to the server', async () => {
    const server = fakeServer({ '/api/things': [{ status: 502, body: 'Bad Gateway' }] })
    await expect(client(server).api.get('/api/things', anyAnswer)).rejects.toMatchObject({
      status: 502,
      code: 'network',
    })
  })

  it('reports an answer that breaks the shared contract instead of passing it on', async () => {
    const server = fakeServer({ '/api/things': [ok({ nope: true })] })
    const parser = {
      parse: (input: unknown) => {
        if (typeof input !== 'object' || input === null || !('id' in input)) throw new Error('bad shape')
        return input
      },
    }
    const quiet = console.error
    console.error = () => {}
    try {
      await expect(client(server).api.get('/api/things', parser)).rejects.toMatchObject({ code: 'internal' })
    } finally {
      console.error = quiet
    }
  })

  it('reads an empty answer (204) as null, for the no-content schema to check', async () => {
    const seen: unknown[] = []
    const api = createApiClient({
      fetch: async () => new Response(null, { status: 204 }),
      getLang: () => 'en',
      onNotAuthenticated: () => {},
    })
    await api.get('/api/things', { parse: (input) => seen.push(input) })
    expect(seen).toEqual([null])
  })

  it('checks an answer with a schema loaded on demand', async () => {
    const server = fakeServer({ '/api/things': [ok({ id: 1 })] })
    const loaded = parsedOnDemand(async () => ({
      parse: (input: unknown) => ({ loaded: input }),
    }))
    await expect(client(server).api.get('/api/things', loaded)).resolves.toEqual({ loaded: { id: 1 } })
  })
})
