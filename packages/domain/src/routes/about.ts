import { aboutSchema } from '../accounts/about'
import { refusals, route } from './route'

export const aboutRoutes = {
  get: route({
    method: 'GET',
    path: '/api/about',
    summary: 'The help site per language (HELP_URL) and the order and support mailboxes',
    tags: ['settings'],
    answers: { 200: aboutSchema, ...refusals(401, 403) },
  }),
}
