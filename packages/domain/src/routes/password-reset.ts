import { newPasswordSchema, passwordResetRequestSchema } from '../accounts/password-reset'
import { okAnswerSchema } from '../answers/common'
import { refusals, route } from './route'

export const passwordResetRoutes = {
  request: route({
    method: 'POST',
    path: '/api/pass_reset',
    summary:
      'Step 1: mail a one-time link to the user with this e-mail in the account of this name; the same answer when there is none',
    tags: ['password reset'],
    body: passwordResetRequestSchema,
    answers: { 200: okAnswerSchema, ...refusals(400, 429) },
  }),
  confirm: route({
    method: 'POST',
    path: '/api/pass_reset/confirm',
    summary: "Step 2: the new password, with the link's token; ends every session of the user",
    tags: ['password reset'],
    body: newPasswordSchema,
    answers: { 200: okAnswerSchema, ...refusals(400) },
  }),
}
