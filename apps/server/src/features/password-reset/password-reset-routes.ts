import { passwordResetRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import type { LinkOrigin } from '../../mail/link-origin'
import type { AttemptLimiter } from '../auth/attempt-limiter'
import type { PasswordResetService } from './password-reset-service'

/** Public: /pass_reset, two steps. */
export function registerPasswordResetRoutes(
  app: FastifyInstance,
  deps: { passwordReset: PasswordResetService; linkOrigin: LinkOrigin; attempts: AttemptLimiter },
) {
  registerRoute(app, passwordResetRoutes.request, {}, async (request, reply) => {
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
  })
  registerRoute(app, passwordResetRoutes.confirm, {}, async (request) => {
    await deps.passwordReset.confirm(request.body)
    return { ok: true as const }
  })
}
