import { alarmRoutes, scheduleRoutes, sectionRoutes } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { createApiClient } from './api'
import { callRoute } from './call-route'

interface Call {
  path: string
  method: string
  csrf: string | undefined
}

/** A fake server answering each path with its body (200); every call is recorded. */
function fakeServer(answers: Record<string, unknown>) {
  const calls: Call[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
    const headers = (init?.headers ?? {}) as Record<string, string> // the client always passes a plain object
    calls.push({ path, method: init?.method ?? 'GET', csrf: headers['csrf-token'] })
    return new Response(JSON.stringify(answers[path.split('?')[0] ?? path]), { status: 200 })
  }
  const api = createApiClient({ fetch, getLang: () => 'en', onNotAuthenticated: () => {} })
  return { calls, api }
}

describe('a call by route entry', () => {
  it('calls a route by its entry: the path and query from the entry, the answer checked by its schema', async () => {
    const section = { id: 7, name: 'North', description: '', soil_type: 1, plant: 1, groups: [] }
    const server = fakeServer({
      '/token': { token: 'T1' },
      '/api/sections/7': section,
      '/api/schedulers': [],
      '/api/alarms/12': null,
    })
    const { api } = server
    const quiet = console.error
    console.error = () => {}
    try {
      // The fake's section is not a whole section: the entry's schema refuses it.
      await expect(callRoute(api, sectionRoutes.get, { params: { id: 7 } })).rejects.toMatchObject({
        code: 'internal',
      })
    } finally {
      console.error = quiet
    }
    expect(await callRoute(api, scheduleRoutes.list, { query: { hidden: '1' } })).toEqual([])
    expect(server.calls.map((call) => call.path)).toContain('/api/schedulers?hidden=1')
    expect(await callRoute(api, alarmRoutes.remove, { params: { id: 12 } })).toBeNull()
    const removal = server.calls.find((call) => call.path === '/api/alarms/12')
    expect(removal?.method).toBe('DELETE')
    expect(removal?.csrf).toBe('T1')
  })
})
