import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { requireAdmin, requireUser } from '../features/auth/auth-hooks'
import { declareSharedAnswers } from './shared-answers'

/** Which statuses each kind of route declares once the shell has added its shared answers. */
async function declaredOn(add: (app: ReturnType<typeof Fastify>) => void): Promise<string[]> {
  const app = Fastify()
  declareSharedAnswers(app)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  let declared: string[] = []
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') declared = Object.keys(route.schema?.response ?? {}).sort()
  })
  add(app)
  await app.ready()
  await app.close()
  return declared
}

const ok = z.object({ ok: z.literal(true) })

describe('the error answers every route declares', () => {
  it('a public read without input: only its own answers, the internal error and the read time-out (503, ADR 0093)', async () => {
    expect(
      await declaredOn((app) =>
        app.get('/api/open', { schema: { response: { 200: ok } } }, () => ({ ok: true })),
      ),
    ).toEqual(['200', '500', '503'])
  })

  it('a guarded write with a body: input refused, no session, refused session or CSRF, internal error', async () => {
    expect(
      await declaredOn((app) =>
        app.put(
          '/api/things/:id',
          {
            preValidation: requireUser,
            schema: { params: z.object({ id: z.string() }), body: ok, response: { 200: ok, 404: ok } },
          },
          () => ({ ok: true }),
        ),
      ),
    ).toEqual(['200', '400', '401', '403', '404', '500', '503'])
  })

  it('an admin read with a query', async () => {
    const declared = await declaredOn((app) =>
      app.get(
        '/api/admin-list',
        {
          preValidation: requireAdmin,
          schema: { querystring: z.object({ q: z.string() }), response: { 200: ok } },
        },
        () => ({ ok: true }),
      ),
    )
    expect(declared).toEqual(['200', '400', '401', '403', '500', '503'])
  })

  it('device ingest (no CSRF, no session) and hidden routes', async () => {
    expect(
      await declaredOn((app) =>
        app.post('/ingest/report', { schema: { response: { 200: ok } } }, () => ({ ok: true })),
      ),
    ).toEqual(['200', '400', '500', '503'])
    expect(
      await declaredOn((app) =>
        app.get('/hidden', { schema: { hide: true, response: { 200: ok } } }, () => ({ ok: true })),
      ),
    ).toEqual(['200'])
  })
})
