import { z } from 'zod'
import { emailSchema } from '../auth/schemas'
import { farmPlaceSchema } from '../geo/place'
import { timeZoneSchema } from '../time/time-zone'
import { isCountryCode } from './countries'
import { optionalText, phoneSchema, requiredText } from './fields'

const country = z
  .string({ error: 'errors.field_required' })
  .refine(isCountryCode, { error: 'errors.country_invalid' })
const optionalEmail = z
  .string()
  .trim()
  .refine((value) => value === '' || emailSchema.safeParse(value).success, { error: 'errors.email_invalid' })

const address = {
  address: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  country,
}

/** Settings > client account (spec 01 section 3): account, company, billing, contact, correspondence. */
export const clientAccountSchema = z.object({
  name: requiredText(120),
  type: z.union([z.literal(0), z.literal(1)]),
  full_name: optionalText(200),
  tax_number: optionalText(40),
  ...address,
  billing: z.object({
    name: optionalText(200),
    email: optionalEmail,
    tax_number: optionalText(40),
    ...address,
  }),
  contact: z.object({ name: optionalText(120), email: optionalEmail, phone: phoneSchema }),
  correspondence_same: z.boolean(),
  correspondence: z.object(address),
  /** The farm's time zone: its schedules, plans and calendar days count in it. */
  time_zone: timeZoneSchema,
  /** The farm's place: the map opens on it while no module has a location. */
  farm_place: farmPlaceSchema,
})
export type ClientAccount = z.infer<typeof clientAccountSchema>

/** `GET` and `PUT /api/client`: the account as saved, with what only the operator changes: expiry and the blocked flag. */
export const clientAccountAnswerSchema = clientAccountSchema.extend({
  expires_at: z.string().nullable(),
  blocked: z.boolean(),
})
export type ClientAccountAnswer = z.infer<typeof clientAccountAnswerSchema>

export const deleteClientAccountSchema = z.object({
  confirm: z.literal(true, { error: 'errors.checkbox_not_set' }),
  password: z.string({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }),
})

/** A session in the active-sessions list of settings. */
export const activeSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string(),
  ip: z.string(),
  user_agent: z.string(),
})
export type ActiveSession = z.infer<typeof activeSessionSchema>
