import { activeSessionSchema, apiErrorSchema, okAnswerSchema, singleLineText } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendError } from '../../app/http-errors'
import { requireUser, sessionCookie } from '../auth/auth-hooks'
import type { SessionService } from '../auth/session-service'

export interface SessionsRouteDeps {
  sessions: SessionService
  /** Called after a session is revoked, so its sockets are told to log out at once. */
  onSessionEnded: (sessionId: string) => void
}

/** Settings > active sessions: the user's own sessions, and revoking one of them. */
export function registerSessionsRoutes(app: FastifyInstance, deps: SessionsRouteDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>()

  routes.get(
    '/api/sessions',
    {
      preValidation: requireUser,
      schema: {
        tags: ['session'],
        summary: "The logged-in user's active sessions (the current one marked)",
        response: { 200: z.array(activeSessionSchema), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    (request) => deps.sessions.list(request.auth!.user.id, request.auth!.sessionId),
  )

  routes.delete(
    '/api/sessions/:id',
    {
      preValidation: requireUser,
      schema: {
        tags: ['session'],
        summary: 'Revoke one of your sessions; its sockets get log_out at once',
        params: z.object({ id: singleLineText().min(1).max(64) }),
        response: {
          200: okAnswerSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = request.auth!
      const sessionId = await deps.sessions.revoke(auth.user.id, request.params.id)
      if (!sessionId) return sendError(request, reply, 'not_found')
      deps.onSessionEnded(sessionId)
      if (sessionId === auth.sessionId) reply.clearCookie(sessionCookie, { path: '/' })
      return { ok: true as const }
    },
  )
}
