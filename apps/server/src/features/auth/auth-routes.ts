import { randomBytes } from 'node:crypto'
import { apiErrorSchema, loginSchema, tokenResponseSchema } from '@kropla/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendError } from '../../app/http-errors'
import type { UsersDal } from '../users/users-dal'
import { anonymousCsrfCookie, sessionCookie } from './auth-hooks'
import type { LoginThrottle } from './login-throttle'
import { verifyAgainstDecoy, verifyPassword } from './password'
import type { SessionService } from './session-service'

/** Marks a browser where an e-mail has logged in before: its attempts are not slowed by other addresses' failures. */
export const deviceCookie = 'kropla_device'
const deviceCookieMaxAge = 365 * 24 * 60 * 60

const okSchema = z.object({ ok: z.literal(true) })

export interface AuthRouteDeps {
  users: UsersDal
  sessions: SessionService
  throttle: LoginThrottle
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
        response: { 200: okSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const attempt = {
        email: request.body.email,
        ip: request.ip,
        device: request.cookies[deviceCookie],
      }
      // While a delay runs the password is not even checked, and the attempt does not count.
      const gate = await deps.throttle.begin(attempt)
      if ('retryAfterSeconds' in gate) {
        const seconds = gate.retryAfterSeconds
        reply.header('retry-after', String(seconds))
        return sendError(request, reply, 'too_many_attempts', undefined, { seconds })
      }
      // Counted as a failure already; a success takes that back.
      const user = await deps.users.findByEmail(request.body.email)
      const valid = user?.password_hash
        ? await verifyPassword(request.body.password, user.password_hash)
        : await verifyAgainstDecoy(request.body.password)
      if (!user || !valid) return sendError(request, reply, 'incorrect_login')
      await deps.throttle.succeeded(gate.allowed)
      reply.setCookie(deviceCookie, deps.throttle.issueDeviceToken(user.email), {
        ...cookieOptions(request),
        path: '/login',
        maxAge: deviceCookieMaxAge,
      })
      // Told only to whoever knows the password: blocked and expired accounts are refused.
      const refusal = await deps.sessions.refusalForLogin(user)
      if (refusal) return sendError(request, reply, refusal.code, undefined, refusal.params)
      await endSession(request, reply)
      const session = await deps.sessions.start(user, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      })
      reply.setCookie(sessionCookie, session.token, {
        ...cookieOptions(request),
        maxAge: deps.sessions.maxAgeSeconds,
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

  /** Ends the request's session, usable or refused (rotation at login, logout). */
  async function endSession(request: FastifyRequest, reply: FastifyReply) {
    const sessionId = request.auth?.sessionId ?? request.refusedSession?.sessionId
    if (sessionId) {
      await deps.sessions.end(sessionId)
      deps.onSessionEnded(sessionId)
      request.auth = null
      request.refusedSession = null
    }
    reply.clearCookie(sessionCookie, { path: '/' })
  }
}
