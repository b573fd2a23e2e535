import Fastify, { type FastifySchema } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { takeUndeclaredStatuses, watchDeclaredStatuses } from './declared-statuses'

/**
 * The check every server test runs with (check-declared-statuses.ts): an answer whose status the
 * route does not declare is recorded, and the test that caused it fails.
 */
const app = Fastify()
watchDeclaredStatuses(app)
// Typed loosely on purpose: the route sends a status its schema does not declare.
const declaresOnly200: FastifySchema = { response: { 200: { type: 'object' } } }
app.post('/made', { schema: declaresOnly200 }, (_request, reply) => reply.code(201).send({}))
app.post(
  '/created',
  { schema: { response: { 201: { type: 'object' }, '4xx': { type: 'object' } } } },
  (_r, reply) => reply.code(201).send({}),
)
app.get('/refused', { schema: { response: { '4xx': { type: 'object' } } } }, (_request, reply) =>
  reply.code(409).send({}),
)
app.get('/hidden', { schema: { hide: true } }, (_request, reply) => reply.code(418).send('teapot'))
afterAll(() => app.close())

describe('the declared-status check', () => {
  it('records an answer whose status the route does not declare, with what it declares', async () => {
    expect((await app.inject({ method: 'POST', url: '/made' })).statusCode).toBe(201)
    expect(takeUndeclaredStatuses()).toEqual([
      { method: 'POST', route: '/made', status: 201, declared: ['200'] },
    ])
  })

  it('lets pass a declared status, a status of a declared range, a hidden route and no route at all', async () => {
    await app.inject({ method: 'POST', url: '/created' })
    await app.inject({ method: 'GET', url: '/refused' })
    await app.inject({ method: 'GET', url: '/hidden' })
    await app.inject({ method: 'GET', url: '/nowhere' })
    expect(takeUndeclaredStatuses()).toEqual([])
  })
})
