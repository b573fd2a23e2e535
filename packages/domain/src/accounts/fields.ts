import { z } from 'zod'
import { calendarDaySchema } from '../input/dates'
import { multiLineText, singleLineText } from '../input/text'

/** 'Pole wymagane' / 'Field required' for an empty text. */
export const requiredText = (max = 256) =>
  singleLineText({ error: 'errors.field_required' })
    .trim()
    .min(1, { error: 'errors.field_required' })
    .max(max, { error: 'errors.too_long' })

export const optionalText = (max = 256) =>
  singleLineText().trim().max(max, { error: 'errors.too_long' }).default('')

/** Like optionalText, for text with line breaks (descriptions). */
export const optionalLongText = (max = 500) =>
  multiLineText().trim().max(max, { error: 'errors.too_long' }).default('')

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
export const phoneSchema = singleLineText()
  .trim()
  .refine((value) => value === '' || phonePattern.test(value), { error: 'errors.phone_invalid' })

/** A calendar day (the shared rule: a day that exists, in the app's years). */
export const dateSchema = calendarDaySchema
