import { z } from 'zod'
import { commandRowSchema } from '../irrigation/wire'
import { refusals, route } from './route'

export const commandListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) })

export const commandRoutes = {
  list: route({
    method: 'GET',
    path: '/api/commands',
    summary:
      "The account's recent commands to modules, newest first: status 1 sent, 2 received, 5 rejected, 6 timed out, 10 done",
    tags: ['irrigation'],
    query: commandListQuerySchema,
    answers: { 200: z.array(commandRowSchema), ...refusals(400, 401) },
  }),
}
