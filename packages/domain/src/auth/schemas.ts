import { z } from 'zod'
import { singleLineText } from '../input/text'

export const languages = ['en', 'pl'] as const
export const languageSchema = z.enum(languages)
export type Language = z.infer<typeof languageSchema>

/** The user types of `./user-types` (userTypes), as the answers carry them. */
export const userTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)])
export type UserType = z.infer<typeof userTypeSchema>

export const emailSchema = singleLineText()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'errors.email_invalid' }))

export const loginSchema = z.object({
  email: singleLineText({ error: 'errors.field_required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'errors.field_required' }),
  password: z.string({ error: 'errors.field_required' }).min(1, { error: 'errors.field_required' }).max(1024),
})
export type LoginRequest = z.infer<typeof loginSchema>

export const langRequestSchema = z.object({ lang: languageSchema })
export type LangRequest = z.infer<typeof langRequestSchema>

export const tokenResponseSchema = z.object({ token: z.string() })
