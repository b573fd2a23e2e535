import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../app/http-errors'
import type { UserRow } from '../auth/auth-context'
import { anonymousCsrfCookie, sessionCookie } from '../auth/auth-hooks'
import type { SessionService } from '../auth/session-service'

export interface BrowserSessionDeps {
  sessions: SessionService
  secureCookies: boolean
  /** Called after a session ends, so its sockets are told to log out. */
  onSessionEnded: (sessionId: string) => void
}

/**
 * Logs a user in after registration or an accepted invitation, as POST /login does: a blocked or
 * expired account is refused, the session service starts a fresh session (any earlier one of this
 * browser ends), and the same cookie is set.
 */
export function createBrowserSessions(deps: BrowserSessionDeps) {
  return {
    async start(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
      const refusal = await deps.sessions.refusalForLogin(user)
      if (refusal) throw new HttpError(refusal.code, { params: refusal.params })
      if (request.auth) {
        await deps.sessions.end(request.auth.sessionId)
        deps.onSessionEnded(request.auth.sessionId)
        request.auth = null
      }
      const session = await deps.sessions.start(user, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      })
      reply.setCookie(sessionCookie, session.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.secureCookies || request.protocol === 'https',
        maxAge: deps.sessions.maxAgeSeconds,
      })
      reply.clearCookie(anonymousCsrfCookie, { path: '/' })
    },
    /** Clears the cookie of a session that has just ended (the user deleted their own account). */
    clear(reply: FastifyReply) {
      reply.clearCookie(sessionCookie, { path: '/' })
    },
  }
}
export type BrowserSessions = ReturnType<typeof createBrowserSessions>

/**
 * The address mailed links start with: PUBLIC_URL when set, otherwise the origin the request came
 * to (set PUBLIC_URL in production, so that a forged Host header cannot redirect a link).
 */
export function publicOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '')
  return `${request.protocol}://${request.host}`
}
