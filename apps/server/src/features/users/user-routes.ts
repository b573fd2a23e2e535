import { apiErrorSchema, langRequestSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'
import type { UsersDal } from './users-dal'

export function registerUserRoutes(app: FastifyInstance, deps: { users: UsersDal }) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/users/lang',
    {
      preHandler: requireUser,
      schema: {
        tags: ['users'],
        summary: "Store the user's interface language",
        body: langRequestSchema,
        response: { 200: z.object({ lang: z.enum(['en', 'pl']) }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      await deps.users.setLang(request.auth!.user.id, request.body.lang)
      return { lang: request.body.lang }
    },
  )
}
