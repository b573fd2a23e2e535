import type { FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../../app/http-errors'
import type { UserRow } from './auth-context'
import { anonymousCsrfCookie, sessionCookie } from './auth-hooks'
import type { SessionService } from './session-service'

export interface BrowserSessionDeps {
  sessions: SessionService
  secureCookies: boolean
  /** Called after a session ends, so its sockets are told to log out. */
  onSessionEnded: (sessionId: string) => void
}

/**
 * The one place that starts and ends a browser's session and sets its cookies: login,
 * registration and an accepted invitation all log in the same way.
 */
export function createBrowserSessions(deps: BrowserSessionDeps) {
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.secureCookies || request.protocol === 'https',
  })

  /** Ends the request's session, usable or refused (rotation at login, logout). */
  async function end(request: FastifyRequest, reply: FastifyReply, logout?: 'logout') {
    const sessionId = request.auth?.sessionId ?? request.refusedSession?.sessionId
    if (sessionId) {
      await deps.sessions.end(sessionId, logout)
      deps.onSessionEnded(sessionId)
      request.auth = null
      request.refusedSession = null
    }
    reply.clearCookie(sessionCookie, { path: '/' })
  }

  return {
    cookieOptions,
    end,
    /** The user logs out: the session ends and the logout is in the audit log. */
    logout: (request: FastifyRequest, reply: FastifyReply) => end(request, reply, 'logout'),
    /** A wrong password for an existing user, recorded in their account's audit log. */
    recordFailedLogin: (request: FastifyRequest, user: UserRow) =>
      deps.sessions.recordFailedLogin(user, request.ip),
    /**
     * Logs the user in: a blocked or expired account is refused (HttpError), any earlier session
     * of this browser ends, a fresh session starts (a new id: no fixation) and its cookie is set.
     */
    async start(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
      const refusal = await deps.sessions.refusalForLogin(user)
      if (refusal) throw new HttpError(refusal.code, { params: refusal.params })
      await end(request, reply)
      const session = await deps.sessions.start(user, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      })
      reply.setCookie(sessionCookie, session.token, {
        ...cookieOptions(request),
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
