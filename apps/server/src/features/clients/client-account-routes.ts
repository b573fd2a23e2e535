import { clientAccountRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { sendError } from '../../app/http-errors'
import { registerRoute } from '../../app/route-table'
import { requireAdmin } from '../auth/auth-hooks'
import type { BrowserSessions } from '../auth/browser-sessions'
import type { ClientAccountService } from './client-account-service'

/** settings/profile/client, admin only, always the admin's current client account. */
export function registerClientAccountRoutes(
  app: FastifyInstance,
  deps: { clientAccount: ClientAccountService; browserSessions: BrowserSessions },
) {
  registerRoute(app, clientAccountRoutes.get, { preValidation: requireAdmin }, (request) =>
    deps.clientAccount.get(request.auth!.user.id_client),
  )
  registerRoute(app, clientAccountRoutes.update, { preValidation: requireAdmin }, (request) =>
    deps.clientAccount.update(request.auth!.user.id_client, request.body),
  )
  registerRoute(
    app,
    clientAccountRoutes.remove,
    {
      preValidation: requireAdmin, // The unticked checkbox has its own answer (`checkbox_not_set`), not the general validation one.
      attachValidation: true,
    },
    async (request, reply) => {
      const invalid = request.validationError as { validation?: { message?: string }[] } | undefined
      if (invalid) {
        if (invalid.validation?.some((issue) => issue.message === 'errors.checkbox_not_set')) {
          return sendError(request, reply, 'checkbox_not_set')
        }
        throw invalid
      }
      await deps.clientAccount.remove(
        request.auth!.user.id,
        request.auth!.user.id_client,
        request.body.password,
      )
      request.auth = null
      deps.browserSessions.clear(reply)
      return { ok: true as const }
    },
  )
}
