import { idParamsSchema, okAnswerSchema, type RouteEntry, route, routeKey, routeTable } from '@kropla/domain'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { startTestServer } from '../test/test-server'
import { registerRoute, requireRouteTable } from './route-table'

describe('the route table (ADR 0092)', () => {
  it('is what the server registers: every entry, and nothing else', async () => {
    const registered: string[] = []
    const server = await startTestServer(
      {},
      {
        watchApp: (app) =>
          app.addHook('onRoute', (added) => {
            if (added.schema?.hide) return
            for (const method of [added.method].flat())
              if (method !== 'HEAD') registered.push(`${method} ${added.url}`)
          }),
      },
    )
    try {
      expect(registered.sort()).toEqual(routeTable.map(routeKey).sort())
      // The API document is made from it: each path with its summary.
      const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
        paths: Record<string, Record<string, { summary?: string }>>
      }
      for (const entry of routeTable) {
        const path = entry.path.replace(/:(\w+)/g, '{$1}')
        expect(document.paths[path]?.[entry.method.toLowerCase()]?.summary, routeKey(entry)).toBe(
          entry.summary,
        )
      }
    } finally {
      await server.stop()
    }
  })

  const entry = route({
    method: 'GET',
    path: '/api/listed',
    summary: 'A listed route',
    tags: ['test'],
    answers: { 200: okAnswerSchema },
  })
  const oneOf = route({
    method: 'GET',
    path: '/api/listed/:id',
    summary: 'One listed thing',
    tags: ['test'],
    params: idParamsSchema,
    answers: { 200: z.object({ id: z.number() }) },
  })
  const guarded = (table: readonly RouteEntry[]) => {
    const app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    requireRouteTable(app, table)
    return app
  }

  it('refuses, at start-up, a route that is not in the table', async () => {
    const app = guarded([entry])
    expect(() => app.get('/api/unlisted', async () => ({ ok: true }))).toThrow(
      'GET /api/unlisted is not registered from the route table',
    )
    await app.close()
  })

  it('refuses a listed path added around registerRoute, with a schema of its own', async () => {
    const app = guarded([entry])
    expect(() => app.get('/api/listed', async () => ({ ok: true }))).toThrow(
      'GET /api/listed is not registered from the route table',
    )
    await app.close()
  })

  it('takes a route registered from its entry, and answers by its schemas', async () => {
    const app = guarded([entry, oneOf])
    registerRoute(app, entry, {}, async () => ({ ok: true as const }))
    registerRoute(app, oneOf, {}, async (request) => ({ id: request.params.id }))
    expect((await app.inject({ method: 'GET', url: '/api/listed' })).json()).toEqual({ ok: true })
    expect((await app.inject({ method: 'HEAD', url: '/api/listed' })).statusCode).toBe(200)
    // The entry's `:id` is validated as the table says: not a number is a 400.
    expect((await app.inject({ method: 'GET', url: '/api/listed/7' })).json()).toEqual({ id: 7 })
    expect((await app.inject({ method: 'GET', url: '/api/listed/x' })).statusCode).toBe(400)
    await app.close()
  })
})
