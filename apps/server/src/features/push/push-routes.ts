import {
  apiErrorSchema,
  noContentSchema,
  pushSubscriptionSchema,
  pushTestAnswerSchema,
  pushTestSchema,
  singleLineText,
  vapidKeyAnswerSchema,
} from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import { pickLangFromRequest } from '../../app/request-lang'
import { type OutboundUrlPolicy, OutboundUrlRefused } from '../../outbound/outbound-url-policy'
import { requireUser } from '../auth/auth-hooks'
import type { PushSubscriptionsDal } from './push-subscriptions-dal'
import type { PushTester } from './push-test'

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema }

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
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.get(
    '/api/push/vapid_public_key',
    {
      preValidation: requireUser,
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
        response: { 200: vapidKeyAnswerSchema, ...errors },
      },
    },
    async () => ({ key: await deps.vapidPublicKey() }),
  )

  routes.post(
    '/api/push/subscriptions',
    {
      preValidation: requireUser,
      schema: {
        tags: ['push'],
        summary:
          "Keep this browser's push subscription for the session's user (alarm notifications); the endpoint must be https: on a public address",
        body: pushSubscriptionSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
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
    },
  )

  routes.delete(
    '/api/push/subscriptions',
    {
      preValidation: requireUser,
      schema: {
        tags: ['push'],
        summary: "Forget one of the session user's push subscriptions (by endpoint)",
        body: z.object({ endpoint: singleLineText().max(2000) }),
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deps.subscriptions.remove(request.auth!.user.id, request.body.endpoint)
      return reply.code(204).send(null)
    },
  )

  routes.post(
    '/api/push/test',
    {
      preValidation: requireUser,
      schema: {
        tags: ['push'],
        summary:
          "Send a test notification to one of the session user's own push subscriptions (this browser's endpoint); one every 30 s",
        body: pushTestSchema,
        response: {
          200: pushTestAnswerSchema,
          ...errors,
          404: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) =>
      deps.tester.send(request.auth!.user.id, request.body.endpoint, pickLangFromRequest(request)),
  )
}
