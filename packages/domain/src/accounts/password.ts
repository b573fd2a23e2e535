import { z } from 'zod'

export const minPasswordLength = 8

/** Spec 01 section 5: at least 8 characters, lower and upper case, a digit and a special character. */
export const passwordSchema = z
  .string({ error: 'errors.field_required' })
  .min(1, { error: 'errors.field_required' })
  .max(256)
  .min(minPasswordLength, { error: 'errors.password_too_short' })
  .refine(
    (value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && /[^A-Za-z0-9]/.test(value),
    {
      error: 'errors.password_weak',
    },
  )
