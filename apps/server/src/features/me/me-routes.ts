import { apiErrorSchema, meResponseSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../auth/auth-hooks'
import type { MeService } from './me-service'

export function registerMeRoutes(app: FastifyInstance, deps: { me: MeService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/me',
    {
      preValidation: requireUser,
      schema: {
        tags: ['session'],
        summary: 'The logged-in user, their modules with latest values, and what the start screen needs',
        response: { 200: meResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    (request) => deps.me.describe(request.auth!),
  )
}
