import {
  apiErrorSchema,
  invitationAnswerSchema,
  newPasswordSchema,
  okAnswerSchema,
  singleLineText,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { BrowserSessions } from '../auth/browser-sessions'
import type { InvitationService } from './invitation-service'

/** Public: the invited user's first-run set-password screen (/#/invitation?token=...). */
export function registerInvitationRoutes(
  app: FastifyInstance,
  deps: { invitations: InvitationService; browserSessions: BrowserSessions },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/invitations/:token',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Who an invitation link is for, and to which client account',
        params: z.object({ token: singleLineText().min(16).max(200) }),
        response: {
          200: invitationAnswerSchema,
          400: apiErrorSchema,
        },
      },
    },
    (request) => deps.invitations.describe(request.params.token),
  )
  routes.post(
    '/api/invitations/accept',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Set the first password from the invitation link, and log in',
        body: newPasswordSchema,
        response: { 200: okAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await deps.invitations.accept(request.body)
      await deps.browserSessions.start(request, reply, user)
      return { ok: true as const }
    },
  )
}
