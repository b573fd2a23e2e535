import { randomBytes } from 'node:crypto'
import { apiErrorSchema, loginSchema, tokenResponseSchema } from '@kropla/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendError } from '../../app/http-errors'
import type { UsersDal } from '../users/users-dal'
import { anonymousCsrfCookie, sessionCookie } from './auth-hooks'
import { verifyAgainstDecoy, verifyPassword } from './password'
import { type SessionService, sessionLifetimeMs } from './session-service'

const okSchema = z.object({ ok: z.literal(true) })

export interface AuthRouteDeps {
  users: UsersDal
  sessions: SessionService
  secureCookies: boolean
  /** Called after a session ends, so its sockets are told to log out. */
  onSessionEnded: (sessionId: string) => void
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.secureCookies || request.protocol === 'https',
  })

  routes.get(
    '/token',
    {
      schema: {
        tags: ['session'],
        summary: 'CSRF token for the next writes',
        response: { 200: tokenResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.auth) return { token: request.auth.csrfToken }
      const token = request.cookies[anonymousCsrfCookie] ?? randomBytes(24).toString('base64url')
      reply.setCookie(anonymousCsrfCookie, token, { ...cookieOptions(request), sameSite: 'strict' })
      return { token }
    },
  )

  routes.post(
    '/login',
    {
      schema: {
        tags: ['session'],
        summary: 'Log in with e-mail and password',
        body: loginSchema,
        response: { 200: okSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await deps.users.findByEmail(request.body.email)
      const valid = user?.password_hash
        ? await verifyPassword(request.body.password, user.password_hash)
        : await verifyAgainstDecoy(request.body.password)
      if (!user || !valid) return sendError(request, reply, 'incorrect_login')
      if (request.auth) await endSession(request, reply)
      const session = await deps.sessions.start(user, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      })
      reply.setCookie(sessionCookie, session.token, {
        ...cookieOptions(request),
        maxAge: sessionLifetimeMs / 1000,
      })
      reply.clearCookie(anonymousCsrfCookie, { path: '/' })
      return { ok: true as const }
    },
  )

  routes.get(
    '/logout',
    { schema: { tags: ['session'], summary: 'End the session', response: { 200: okSchema } } },
    async (request, reply) => {
      await endSession(request, reply)
      return { ok: true as const }
    },
  )

  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.auth) {
      await deps.sessions.end(request.auth.sessionId)
      deps.onSessionEnded(request.auth.sessionId)
      request.auth = null
    }
    reply.clearCookie(sessionCookie, { path: '/' })
  }
}
