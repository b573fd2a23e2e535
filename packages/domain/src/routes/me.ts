import { meResponseSchema } from '../me/me-schema'
import { refusals, route } from './route'

export const meRoutes = {
  get: route({
    method: 'GET',
    path: '/api/me',
    summary: 'The logged-in user, their modules with latest values, and what the start screen needs',
    tags: ['session'],
    answers: { 200: meResponseSchema, ...refusals(401, 403) },
  }),
}
