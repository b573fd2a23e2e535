import { apiErrorSchema, newPasswordSchema, okAnswerSchema, passwordResetRequestSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { LinkOrigin } from '../../mail/link-origin'
import type { AttemptLimiter } from '../auth/attempt-limiter'
import type { PasswordResetService } from './password-reset-service'

/** Public: /pass_reset, two steps. */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { passwordReset: PasswordResetService; linkOrigin: LinkOrigin; attempts: AttemptLimiter },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.post(
    '/api/pass_reset',
    {
      schema: {
        tags: ['password reset'],
        summary:
          'Step 1: mail a one-time link to the user with this e-mail in the account of this name; the same answer when there is none',
        body: passwordResetRequestSchema,
        response: { 200: okAnswerSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      // Each request may send a mail: limited per e-mail address and per client address.
      const admitted = await deps.attempts.admit(request, reply, [
        { policy: 'resetEmail', value: request.body.email },
        { policy: 'resetAddress', value: request.ip },
      ])
      if (!admitted) return reply
      await deps.passwordReset.request(request.body, {
        origin: deps.linkOrigin.forRequest(request),
        acceptLanguage: request.headers['accept-language'],
      })
      return { ok: true as const }
    },
  )
  routes.post(
    '/api/pass_reset/confirm',
    {
      schema: {
        tags: ['password reset'],
        summary: "Step 2: the new password, with the link's token; ends every session of the user",
        body: newPasswordSchema,
        response: { 200: okAnswerSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      await deps.passwordReset.confirm(request.body)
      return { ok: true as const }
    },
  )
}
