import { apiErrorSchema, profileTestAnswerSchema, profileTestRequestSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { pickLangFromRequest } from '../../app/request-lang'
import { requireUser } from '../auth/auth-hooks'
import type { TestProfileService } from './test-profile-service'

/** /api/test/profile: a test message to oneself by e-mail, SMS or Web Push. */
export function registerTestProfileRoutes(app: FastifyInstance, deps: { testProfile: TestProfileService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.post(
    '/api/test/profile',
    {
      preValidation: requireUser,
      schema: {
        tags: ['test'],
        summary:
          'Send yourself a test message by one channel (email, sms, push) through the alarm notifications’ providers; the answer says it went or why not (no_phone, no_push_subscription, push_subscriptions_expired, provider_refused). One per channel every 30 s (429 test_too_soon); recorded as a test run',
        body: profileTestRequestSchema,
        response: {
          200: profileTestAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    (request) =>
      deps.testProfile.send({
        user: request.auth!.user,
        idClient: request.auth!.idClient,
        lang: pickLangFromRequest(request),
        channel: request.body.channel,
      }),
  )
}
