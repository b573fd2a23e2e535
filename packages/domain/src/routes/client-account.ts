import {
  clientAccountAnswerSchema,
  clientAccountSchema,
  deleteClientAccountSchema,
} from '../accounts/client-account'
import { okAnswerSchema } from '../answers/common'
import { refusals, route } from './route'

export const clientAccountRoutes = {
  get: route({
    method: 'GET',
    path: '/api/client',
    summary: 'The client account: account, company, billing, contact and correspondence data (admin)',
    tags: ['client account'],
    answers: { 200: clientAccountAnswerSchema, ...refusals(400, 401, 403, 404) },
  }),
  update: route({
    method: 'PUT',
    path: '/api/client',
    summary: 'Save the client account data (admin); the name must stay unique',
    tags: ['client account'],
    body: clientAccountSchema,
    answers: { 200: clientAccountAnswerSchema, ...refusals(400, 401, 403, 404) },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/client',
    summary:
      'Remove the client account and all its data, readings included (admin; the confirmation checkbox and the password); its modules return to the fleet',
    tags: ['client account'],
    body: deleteClientAccountSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 401, 403, 404) },
  }),
}
