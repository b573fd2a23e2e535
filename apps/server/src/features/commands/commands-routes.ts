import { apiErrorSchema, outputOrderSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'
import type { CommandService } from './command-service'

/** The wire shape of `CommandRow` (domain), for the answer's validation and the API document. */
export const commandRowSchema = z.object({
  id: z.string(),
  id_object: z.number().int(),
  type: z.literal('set_output'),
  outputs: z.partialRecord(z.enum(['o1', 'o2', 'o3', 'o4']), outputOrderSchema),
  source: z.enum(['user', 'manual', 'plan']),
  status: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  acked_at: z.string().nullable(),
})

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
