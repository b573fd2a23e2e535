import { apiErrorSchema, commandRowSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'
import type { CommandService } from './command-service'

/** GET /api/commands: the account's recent commands, newest first. */
export function registerCommandsRoutes(app: FastifyInstance, deps: { commands: CommandService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/commands',
    {
      preValidation: requireUser,
      schema: {
        tags: ['irrigation'],
        summary:
          "The account's recent commands to modules, newest first: status 1 sent, 2 received, 5 rejected, 6 timed out, 10 done",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: z.array(commandRowSchema), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    (request) => deps.commands.recent(request.auth!.idClient, request.query.limit),
  )
}
