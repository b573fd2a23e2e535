import { z } from 'zod'
import {
  accountUserSchema,
  deleteOwnUserSchema,
  invitationSentSchema,
  inviteUserSchema,
  updateUserSchema,
} from '../accounts/users'
import { langAnswerSchema, okAnswerSchema } from '../answers/common'
import { langRequestSchema } from '../auth/schemas'
import { idParamsSchema } from '../resources/common'
import { refusals, route } from './route'

export const userRoutes = {
  updateLang: route({
    method: 'PUT',
    path: '/api/users/lang',
    summary: "Store the user's interface language",
    tags: ['users'],
    body: langRequestSchema,
    answers: { 200: langAnswerSchema, ...refusals(401) },
  }),
  list: route({
    method: 'GET',
    path: '/api/users',
    summary: 'Users of the current client account (admin)',
    tags: ['users'],
    answers: { 200: z.array(accountUserSchema), ...refusals(400, 401, 403, 404) },
  }),
  invite: route({
    method: 'POST',
    path: '/api/users/invite',
    summary:
      'Invite a user by e-mail: they get a link to set their password (admin); an address with an account elsewhere gets the same answer and a mail saying nothing changed',
    tags: ['users'],
    body: inviteUserSchema,
    answers: { 202: invitationSentSchema, ...refusals(400, 401, 403, 404, 500) },
  }),
  removeOwn: route({
    method: 'DELETE',
    path: '/api/users/me',
    summary: "Delete one's own user account (needs the password); the session ends",
    tags: ['users'],
    body: deleteOwnUserSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 401, 403, 404) },
  }),
  update: route({
    method: 'PUT',
    path: '/api/users/:id',
    summary: 'Edit a user of the current client account (admin); the last admin stays an admin',
    tags: ['users'],
    params: idParamsSchema,
    body: updateUserSchema,
    answers: { 200: accountUserSchema, ...refusals(400, 401, 403, 404) },
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/users/:id',
    summary:
      'Delete another user of the current client account (admin); the last admin cannot be removed; oneself: DELETE /api/users/me',
    tags: ['users'],
    params: idParamsSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 401, 403, 404) },
  }),
}
