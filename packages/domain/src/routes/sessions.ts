import { z } from 'zod'
import { activeSessionSchema } from '../accounts/client-account'
import { okAnswerSchema } from '../answers/common'
import { singleLineText } from '../input/text'
import { refusals, route } from './route'

export const sessionIdParamsSchema = z.object({ id: singleLineText().min(1).max(64) })

export const sessionRoutes = {
  list: route({
    method: 'GET',
    path: '/api/sessions',
    summary: "The logged-in user's active sessions (the current one marked)",
    tags: ['session'],
    answers: { 200: z.array(activeSessionSchema), ...refusals(401, 403) },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/sessions/:id',
    summary: 'Revoke one of your sessions; its sockets get log_out at once',
    tags: ['session'],
    params: sessionIdParamsSchema,
    answers: { 200: okAnswerSchema, ...refusals(401, 403, 404) },
  }),
}
