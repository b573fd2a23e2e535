import { z } from 'zod'
import { timeZoneSchema } from '../time/time-zone'
import { optionalLongText, optionalText, phoneSchema } from './fields'

/** The user's yes/no choices: where alarms reach them, what news they accept, the start screen's splash. */
export const profileChoicesShape = {
  notify_sms: z.boolean(),
  notify_email: z.boolean(),
  notify_app: z.boolean(),
  marketing_app: z.boolean(),
  marketing_email: z.boolean(),
  marketing_phone: z.boolean(),
  marketing_mail: z.boolean(),
  hide_splash: z.boolean(),
}

export const profileSchema = z
  .object({
    name: optionalText(80),
    family_name: optionalText(80),
    phone: phoneSchema.default(''),
    description: optionalLongText(500),
    ...profileChoicesShape,
  })
  .refine((profile) => !profile.notify_sms || profile.phone !== '', {
    error: 'errors.phone_required_for_sms',
    path: ['phone'],
  })
export type Profile = z.infer<typeof profileSchema>

/** `GET` and `PUT /api/profile`: the profile as stored, with the e-mail (the login, not changed there). */
export const profileAnswerSchema = z.object({
  email: z.string(),
  name: z.string(),
  family_name: z.string(),
  phone: z.string(),
  description: z.string(),
  ...profileChoicesShape,
})
export type ProfileAnswer = z.infer<typeof profileAnswerSchema>

export const dateFormats = [
  'YYYY-MM-DD HH:mm:ss',
  'DD.MM.YYYY HH:mm:ss',
  'DD/MM/YYYY HH:mm',
  'MM/DD/YYYY hh:mm A',
] as const
export const temperatureUnits = ['C', 'F'] as const
export const areaUnits = ['ha', 'm2', 'ac'] as const

/** Per-user preferences applied wherever dates, temperatures and areas are shown. */
export const preferencesSchema = z.object({
  time_zone: timeZoneSchema.nullable(),
  date_format: z.enum(dateFormats),
  temperature_unit: z.enum(temperatureUnits),
  area_unit: z.enum(areaUnits),
})
export type Preferences = z.infer<typeof preferencesSchema>
