import { z } from 'zod'

/** 'Pole wymagane' / 'Field required' for an empty text. */
export const requiredText = (max = 256) =>
  z
    .string({ error: 'errors.field_required' })
    .trim()
    .min(1, { error: 'errors.field_required' })
    .max(max, { error: 'errors.too_long' })

export const optionalText = (max = 256) =>
  z.string().trim().max(max, { error: 'errors.too_long' }).default('')

/** A required number: an empty field is 'Field required', not "expected number". */
export const requiredNumber = () =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: 'errors.field_required' })
      .refine(Number.isFinite, { error: 'errors.field_required' }),
  )

/** Prefix plus at least nine digits (spec 01 section 5); spaces and dashes allowed between digits. */
export const phonePattern = /^\+\d{1,3}([ -]?\d){9,12}$/
export const phoneSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || phonePattern.test(value), { error: 'errors.phone_invalid' })

export const dateSchema = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
    error: 'errors.date_invalid',
  })
