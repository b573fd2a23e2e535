import { okAnswerSchema } from '../answers/common'
import { loginSchema, tokenResponseSchema } from '../auth/schemas'
import { refusals, route } from './route'

export const authRoutes = {
  token: route({
    method: 'GET',
    path: '/token',
    summary: 'CSRF token for the next writes',
    tags: ['session'],
    answers: { 200: tokenResponseSchema },
  }),
  login: route({
    method: 'POST',
    path: '/login',
    summary: 'Log in with e-mail and password',
    tags: ['session'],
    body: loginSchema,
    answers: { 200: okAnswerSchema, ...refusals(401, 403, 429) },
  }),
  logout: route({
    method: 'GET',
    path: '/logout',
    summary: 'End the session (needs the csrf-token header, like a write)',
    tags: ['session'],
    answers: { 200: okAnswerSchema, ...refusals(403) },
  }),
}
