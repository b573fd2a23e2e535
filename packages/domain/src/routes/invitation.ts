import { z } from 'zod'
import { invitationAnswerSchema, newPasswordSchema } from '../accounts/password-reset'
import { okAnswerSchema } from '../answers/common'
import { singleLineText } from '../input/text'
import { refusals, route } from './route'

export const invitationTokenParamsSchema = z.object({ token: singleLineText().min(16).max(200) })

export const invitationRoutes = {
  get: route({
    method: 'GET',
    path: '/api/invitations/:token',
    summary: 'Who an invitation link is for, and to which client account',
    tags: ['invitations'],
    params: invitationTokenParamsSchema,
    answers: { 200: invitationAnswerSchema, ...refusals(400) },
  }),
  accept: route({
    method: 'POST',
    path: '/api/invitations/accept',
    summary: 'Set the first password from the invitation link, and log in',
    tags: ['invitations'],
    body: newPasswordSchema,
    answers: { 200: okAnswerSchema, ...refusals(400) },
  }),
}
