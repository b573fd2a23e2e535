import { invitationRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import type { BrowserSessions } from '../auth/browser-sessions'
import type { InvitationService } from './invitation-service'

/** Public: the invited user's first-run set-password screen (/#/invitation?token=...). */
export function registerInvitationRoutes(
  app: FastifyInstance,
  deps: { invitations: InvitationService; browserSessions: BrowserSessions },
) {
  registerRoute(app, invitationRoutes.get, {}, (request) => deps.invitations.describe(request.params.token))
  registerRoute(app, invitationRoutes.accept, {}, async (request, reply) => {
    const user = await deps.invitations.accept(request.body)
    await deps.browserSessions.start(request, reply, user)
    return { ok: true as const }
  })
}
