import { pushRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../app/http-errors'
import { pickLangFromRequest } from '../../app/request-lang'
import { registerRoute } from '../../app/route-table'
import { type OutboundUrlPolicy, OutboundUrlRefused } from '../../outbound/outbound-url-policy'
import { requireUser } from '../auth/auth-hooks'
import type { PushSubscriptionsDal } from './push-subscriptions-dal'
import type { PushTester } from './push-test'

/** Web Push: the server's public VAPID key and the session user's browser subscriptions. */
export function registerPushRoutes(
  app: FastifyInstance,
  deps: {
    subscriptions: PushSubscriptionsDal
    vapidPublicKey: () => Promise<string>
    endpoints: Pick<OutboundUrlPolicy, 'check'>
    tester: PushTester
  },
) {
  registerRoute(app, pushRoutes.vapidKey, { preValidation: requireUser }, async () => ({
    key: await deps.vapidPublicKey(),
  }))

  registerRoute(app, pushRoutes.subscribe, { preValidation: requireUser }, async (request, reply) => {
    // The server will POST to this URL: only https: on a public address (checked again when sending).
    try {
      await deps.endpoints.check(request.body.endpoint)
    } catch (error) {
      if (error instanceof OutboundUrlRefused) {
        request.log.info({ reason: error.message }, 'push endpoint refused')
        throw new HttpError('push_endpoint_refused')
      }
      throw error
    }
    await deps.subscriptions.save(request.auth!.user.id, request.body)
    return reply.code(204).send(null)
  })

  registerRoute(app, pushRoutes.unsubscribe, { preValidation: requireUser }, async (request, reply) => {
    await deps.subscriptions.remove(request.auth!.user.id, request.body.endpoint)
    return reply.code(204).send(null)
  })

  registerRoute(app, pushRoutes.test, { preValidation: requireUser }, async (request) =>
    deps.tester.send(request.auth!.user.id, request.body.endpoint, pickLangFromRequest(request)),
  )
}
