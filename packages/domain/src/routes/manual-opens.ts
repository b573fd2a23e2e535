import { z } from 'zod'
import { manualOpenRowSchema } from '../irrigation/wire'
import { refusals, route } from './route'

export const manualOpenRoutes = {
  list: route({
    method: 'GET',
    path: '/api/manual_opens',
    summary:
      "The account's manual openings still in progress: 0 awaiting opening, 1 opening, 2 open, 3 awaiting closing, 4 stopping",
    tags: ['irrigation'],
    answers: { 200: z.array(manualOpenRowSchema), ...refusals(401) },
  }),
}
