import { apiErrorSchema, manualOpenRowSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'
import type { ManualControlService } from './manual-control-service'

/** GET /api/manual_opens: the account's busy manual openings (status 4 or lower). */
export function registerManualRoutes(app: FastifyInstance, deps: { manual: ManualControlService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/manual_opens',
    {
      preValidation: requireUser,
      schema: {
        tags: ['irrigation'],
        summary:
          "The account's manual openings still in progress: 0 awaiting opening, 1 opening, 2 open, 3 awaiting closing, 4 stopping",
        response: { 200: z.array(manualOpenRowSchema), 401: apiErrorSchema },
      },
    },
    (request) => deps.manual.busy(request.auth!.idClient),
  )
}
