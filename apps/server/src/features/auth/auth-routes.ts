import { randomBytes } from 'node:crypto'
import { authRoutes, loginGate } from '@kropla/domain'
import { type Lang, langCookieName, pickLang } from '@kropla/i18n/lang'
import type { FastifyInstance } from 'fastify'
import { sendError } from '../../app/http-errors'
import { registerRoute } from '../../app/route-table'
import type { UsersDal } from '../users/users-dal'
import { anonymousCsrfCookie } from './auth-hooks'
import type { BrowserSessions } from './browser-sessions'
import type { LoginThrottle } from './login-throttle'
import { verifyAgainstDecoy, verifyPassword } from './password'

/** Marks a browser where an e-mail has logged in before: its attempts are not slowed by other addresses' failures. */
export const deviceCookie = 'kropla_device'
const deviceCookieMaxAge = 365 * 24 * 60 * 60

export interface AuthRouteDeps {
  users: UsersDal
  throttle: LoginThrottle
  browserSessions: BrowserSessions
  /** After a login, with the language the browser shows (its stored choice, then Accept-Language): the demo relabels its farm. */
  onLogin?: (idClient: number, lang: Lang) => Promise<void>
}

export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { cookieOptions } = deps.browserSessions

  registerRoute(app, authRoutes.token, {}, async (request, reply) => {
    if (request.auth) return { token: request.auth.csrfToken }
    const token = request.cookies[anonymousCsrfCookie] ?? randomBytes(24).toString('base64url')
    reply.setCookie(anonymousCsrfCookie, token, { ...cookieOptions(request), sameSite: 'strict' })
    return { token }
  })

  registerRoute(app, authRoutes.login, {}, async (request, reply) => {
    const attempt = {
      email: request.body.email,
      ip: request.ip,
      device: request.cookies[deviceCookie],
    }
    // The login gate (@kropla/domain) decides; the steps here only gather its facts in its order.
    const reserved = await deps.throttle.begin(attempt)
    const before = loginGate({ waitSeconds: reserved.waitSeconds })
    if (before.kind === 'wait') {
      reply.header('retry-after', String(before.retryAfterSeconds))
      return sendError(request, reply, 'too_many_attempts', undefined, {
        seconds: before.retryAfterSeconds,
      })
    }
    // Counted as a failure already; a success takes that back.
    const user = await deps.users.findByEmail(request.body.email)
    const valid = user?.password_hash
      ? await verifyPassword(request.body.password, user.password_hash)
      : await verifyAgainstDecoy(request.body.password)
    const verdict = loginGate({
      waitSeconds: reserved.waitSeconds,
      passwordMatches: Boolean(user && valid),
    })
    if (verdict.kind !== 'proceed' || !user) {
      if (user) await deps.browserSessions.recordFailedLogin(request, user)
      return sendError(request, reply, 'incorrect_login')
    }
    await deps.throttle.succeeded(reserved)
    reply.setCookie(deviceCookie, deps.throttle.issueDeviceToken(user.email), {
      ...cookieOptions(request),
      path: '/login',
      maxAge: deviceCookieMaxAge,
    })
    // Told only to whoever knows the password: blocked and expired accounts are refused there.
    await deps.browserSessions.start(request, reply, user)
    await deps.onLogin?.(
      user.id_client,
      pickLang([request.cookies[langCookieName], request.headers['accept-language']]),
    )
    return { ok: true as const }
  })

  registerRoute(app, authRoutes.logout, {}, async (request, reply) => {
    await deps.browserSessions.logout(request, reply)
    return { ok: true as const }
  })
}
