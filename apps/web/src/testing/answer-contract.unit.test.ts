import { meFixture } from '@kropla/domain/testing'
import { describe, expect, it } from 'vitest'
import { contractBreach } from './contract-check'
import { createFakeServer } from './fake-server'

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

describe('the answer contract the fake servers are held to', () => {
  it('lets the fake server’s answers through when they are the real server’s shape', async () => {
    const server = createFakeServer(meFixture(), { isLoggedIn: true })
    for (const path of ['/api/me', '/api/profile', '/api/users', '/api/client', '/api/sessions', '/token']) {
      const answer = await server.fetch(path, { method: 'GET', headers: {} })
      expect(answer.status, path).toBe(200)
      expect(await contractBreach('GET', path, answer), path).toBeNull()
    }
  })

  it('catches a fake answer that left its domain schema', async () => {
    const server = createFakeServer(meFixture(), { isLoggedIn: true })
    // As a fake kept by hand drifts: a field the server always sends is gone from its answer.
    const { hide_splash: _dropped, ...drifted } = server.state.profile
    server.state.profile = drifted as typeof server.state.profile // the drift under test, on purpose
    const answer = await server.fetch('/api/profile', { method: 'GET', headers: {} })
    expect(await contractBreach('GET', '/api/profile', answer)).toMatch(
      /GET \/api\/profile answered outside its domain schema/,
    )
  })

  it('catches a fake route the contract has no schema for', async () => {
    expect(await contractBreach('GET', '/api/sunshine?at=now', json(200, { sunny: true }))).toBe(
      'GET /api/sunshine is answered by a fake but is not in the route table',
    )
  })

  it('catches a status the server does not answer the route with, and an error without the error shape', async () => {
    expect(await contractBreach('POST', '/api/register', json(200, { ok: true }))).toMatch(
      /answered 200, which the server does not answer with/,
    )
    expect(await contractBreach('GET', '/api/me', json(500, 'Internal'))).toMatch(/with no API error/)
    expect(
      await contractBreach('GET', '/api/me', json(409, { error: 'conflict', message: 'Conflict' })),
    ).toMatch(/answered 409, which the server does not answer with/)
  })

  it('tells a literal path from a route with a parameter', async () => {
    expect(await contractBreach('PUT', '/api/users/lang', json(200, { lang: 'pl' }))).toBeNull()
    expect(await contractBreach('DELETE', '/api/users/me', json(200, { ok: true }))).toBeNull()
    expect(await contractBreach('PUT', '/api/users/lang', json(200, { ok: true }))).toMatch(
      /outside its domain/,
    )
  })
})
