import { z } from 'zod'
import { emailSchema, userTypeSchema } from '../auth/schemas'
import { optionalLongText, optionalText, phoneSchema } from './fields'

/** A user of the account as the users-management table shows it. */
export const accountUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  family_name: z.string(),
  phone: z.string(),
  description: z.string(),
  type: userTypeSchema,
  invited: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type AccountUser = z.infer<typeof accountUserSchema>

/**
 * The answer to an invitation: the same whether the address was new or already has an account
 * elsewhere (the users list shows the invited user when it was new).
 */
export const invitationSentSchema = z.object({ email: z.string() })
export type InvitationSent = z.infer<typeof invitationSentSchema>

/** An admin may make admins and normal users; only the operator makes another operator. */
export const assignableUserTypeSchema = z.union([z.literal(1), z.literal(2)], {
  error: 'errors.field_required',
})

export const inviteUserSchema = z.object({
  email: z
    .string({ error: 'errors.field_required' })
    .trim()
    .min(1, { error: 'errors.field_required' })
    .pipe(emailSchema),
  name: optionalText(80),
  family_name: optionalText(80),
  type: assignableUserTypeSchema,
  lang: z.enum(['en', 'pl']).optional(),
})

export const updateUserSchema = z.object({
  name: optionalText(80),
  family_name: optionalText(80),
  phone: phoneSchema.default(''),
  description: optionalLongText(500),
  type: assignableUserTypeSchema,
})

/** Deleting one's own user account needs the password. */
export const deleteOwnUserSchema = z.object({
  password: z.string({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }),
})
