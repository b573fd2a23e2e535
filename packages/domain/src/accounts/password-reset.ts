import { z } from 'zod'
import { emailSchema } from '../auth/schemas'
import { singleLineText } from '../input/text'
import { requiredText } from './fields'
import { passwordSchema } from './password'

/** Step 1 of /pass_reset: the account name and the user's e-mail. */
export const passwordResetRequestSchema = z.object({
  account_name: requiredText(120),
  email: z
    .string({ error: 'errors.field_required' })
    .trim()
    .min(1, { error: 'errors.field_required' })
    .pipe(emailSchema),
  lang: z.enum(['en', 'pl']).optional(),
})

/** Step 2 (from the mailed link), and the first-run set-password screen of an invited user. */
export const newPasswordSchema = z
  .object({
    token: singleLineText().min(16).max(200),
    password: passwordSchema,
    password_confirm: z.string({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }),
  })
  .refine((value) => value.password === value.password_confirm, {
    error: 'errors.passwords_mismatch',
    path: ['password_confirm'],
  })

/** `GET /api/invitations/:token`: who an invitation link is for, and to which client account. */
export const invitationAnswerSchema = z.object({ email: z.string(), client_name: z.string() })
export type InvitationAnswer = z.infer<typeof invitationAnswerSchema>

export const passwordResetSteps = 2
export const passwordResetLinkMinutes = 60
export const invitationLinkDays = 7
