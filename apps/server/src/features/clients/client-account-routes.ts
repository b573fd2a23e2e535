import {
  apiErrorSchema,
  clientAccountAnswerSchema,
  clientAccountSchema,
  deleteClientAccountSchema,
  okAnswerSchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sendError } from '../../app/http-errors'
import { requireAdmin } from '../auth/auth-hooks'
import type { BrowserSessions } from '../auth/browser-sessions'
import type { ClientAccountService } from './client-account-service'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema }

/** settings/profile/client, admin only, always the admin's current client account. */
export function registerClientAccountRoutes(
  app: FastifyInstance,
  deps: { clientAccount: ClientAccountService; browserSessions: BrowserSessions },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/client',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['client account'],
        summary: 'The client account: account, company, billing, contact and correspondence data (admin)',
        response: { 200: clientAccountAnswerSchema, ...errors },
      },
    },
    (request) => deps.clientAccount.get(request.auth!.user.id_client),
  )
  routes.put(
    '/api/client',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['client account'],
        summary: 'Save the client account data (admin); the name must stay unique',
        body: clientAccountSchema,
        response: { 200: clientAccountAnswerSchema, ...errors },
      },
    },
    (request) => deps.clientAccount.update(request.auth!.user.id_client, request.body),
  )
  routes.delete(
    '/api/client',
    {
      preValidation: requireAdmin,
      // The unticked checkbox has its own answer (`checkbox_not_set`), not the general validation one.
      attachValidation: true,
      schema: {
        tags: ['client account'],
        summary:
          'Remove the client account and all its data, readings included (admin; the confirmation checkbox and the password); its modules return to the fleet',
        body: deleteClientAccountSchema,
        response: { 200: okAnswerSchema, ...errors },
      },
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
