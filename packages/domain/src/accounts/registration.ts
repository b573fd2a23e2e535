import { z } from 'zod'
import { emailSchema } from '../auth/schemas'
import { pinSchema, serialSchema } from '../fleet/fleet-module'
import { timeZoneSchema } from '../time/time-zone'
import { requiredText } from './fields'
import { passwordSchema } from './password'

export const minAccountNameLength = 8

/** Models a new account can be opened with: a base station or a soil probe (spec 01 section 1). */
export function canOpenAccount(model: string): boolean {
  return model === 'AGB-2000' || model === 'WG-100' || model === 'AM-999' || model.startsWith('AM-100-')
}

export const registerDeviceSchema = z.object({
  serial: z
    .string({ error: 'errors.field_required' })
    .trim()
    .min(1, { error: 'errors.field_required' })
    .pipe(serialSchema),
  pin: z
    .string({ error: 'errors.field_required' })
    .trim()
    .min(1, { error: 'errors.field_required' })
    .pipe(pinSchema),
})

export const accountNameSchema = requiredText(120).pipe(
  z.string().min(minAccountNameLength, { error: 'errors.account_name_too_short' }),
)
/** `POST /api/register/device`: the module's model, which says what account it can open. */
export const registerDeviceAnswerSchema = z.object({ ok: z.literal(true), model: z.string() })

export const registerAccountNameSchema = z.object({ account_name: accountNameSchema })

export const registerCredentialsSchema = z
  .object({
    email: z
      .string({ error: 'errors.field_required' })
      .trim()
      .min(1, { error: 'errors.field_required' })
      .pipe(emailSchema),
    password: passwordSchema,
    password_confirm: z.string({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }),
  })
  .refine((value) => value.password === value.password_confirm, {
    error: 'errors.passwords_mismatch',
    path: ['password_confirm'],
  })

export const registerConsentsSchema = z.object({
  terms: z.literal(true, { error: 'errors.terms_not_accepted' }),
  required_consents: z.literal(true, { error: 'errors.required_terms_not_accepted' }),
  marketing_app: z.boolean().default(false),
  marketing_email: z.boolean().default(false),
})

/** The whole registration (steps 1 to 4), checked again on the server when it is sent. */
export const registerRequestSchema = z
  .object({
    ...registerDeviceSchema.shape,
    ...registerAccountNameSchema.shape,
    email: z
      .string({ error: 'errors.field_required' })
      .trim()
      .min(1, { error: 'errors.field_required' })
      .pipe(emailSchema),
    password: passwordSchema,
    password_confirm: z.string({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }),
    ...registerConsentsSchema.shape,
    lang: z.enum(['en', 'pl']).optional(),
    /** The registrant's browser zone, which becomes the farm's (an admin can change it later). */
    time_zone: timeZoneSchema.optional(),
  })
  .refine((value) => value.password === value.password_confirm, {
    error: 'errors.passwords_mismatch',
    path: ['password_confirm'],
  })
export type RegisterRequest = z.infer<typeof registerRequestSchema>

export const registrationSteps = 5
