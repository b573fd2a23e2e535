import { z } from 'zod'

/**
 * Error codes the server answers with. Each code is also the i18n key `errors.<code>`, so the
 * browser and the server show the same wording of the spec's error catalogue.
 */
export const errorCodes = [
  'not_authenticated',
  'incorrect_login',
  'csrf_invalid',
  'validation_failed',
  'access_denied',
  'not_found',
  'internal',
] as const
export type ErrorCode = (typeof errorCodes)[number]

export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiError = z.infer<typeof apiErrorSchema>
