import { sessionRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { sendError } from '../../app/http-errors'
import { registerRoute } from '../../app/route-table'
import { requireUser, sessionCookie } from '../auth/auth-hooks'
import type { SessionService } from '../auth/session-service'

export interface SessionsRouteDeps {
  sessions: SessionService
  /** Called after a session is revoked, so its sockets are told to log out at once. */
  onSessionEnded: (sessionId: string) => void
}

/** Settings > active sessions: the user's own sessions, and revoking one of them. */
export function registerSessionsRoutes(app: FastifyInstance, deps: SessionsRouteDeps) {
  registerRoute(app, sessionRoutes.list, { preValidation: requireUser }, (request) =>
    deps.sessions.list(request.auth!.user.id, request.auth!.sessionId),
  )

  registerRoute(app, sessionRoutes.remove, { preValidation: requireUser }, async (request, reply) => {
    const auth = request.auth!
    const sessionId = await deps.sessions.revoke(auth.user.id, request.params.id)
    if (!sessionId) return sendError(request, reply, 'not_found')
    deps.onSessionEnded(sessionId)
    if (sessionId === auth.sessionId) reply.clearCookie(sessionCookie, { path: '/' })
    return { ok: true as const }
  })
}
