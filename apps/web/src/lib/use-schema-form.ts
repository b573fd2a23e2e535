import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from '@mantine/form'
import { useTranslation } from 'react-i18next'
import { ApiRequestError } from './api-error'
import { translateKey } from './translate-key'

/** A shared zod schema from @kropla/domain (any Standard Schema works). */
export type FormSchema = Parameters<typeof schemaResolver>[0]

/**
 * A Mantine form checked by the same zod schema the server uses (Mantine's own Standard Schema
 * resolver). The schemas' messages are catalogue keys (`errors.field_required`); they are kept as
 * keys in the form and translated when shown, so a language switch also changes the messages on
 * screen. Every input gets a `name` equal to its field path.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: FormSchema,
  initialValues: Values,
): UseFormReturnType<Values> {
  const { i18n } = useTranslation()
  return useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    enhanceGetInputProps: ({ inputProps, field }) => ({
      name: String(field),
      // Mantine's PasswordInput marks itself invalid only visually; screen readers need aria-invalid.
      'aria-invalid': inputProps.error ? true : undefined,
      error:
        typeof inputProps.error === 'string'
          ? translateKey(i18n, inputProps.error, inputProps.error)
          : undefined,
    }),
  })
}

/** The same schema, fed values the form keeps in another shape (a select's stand-in for null). */
export function withFormInput(
  schema: FormSchema,
  toInput: (values: Record<string, unknown>) => unknown,
): FormSchema {
  const standard = schema['~standard']
  return {
    '~standard': {
      ...standard,
      validate: (values) => standard.validate(toInput(values as Record<string, unknown>)),
    },
  }
}

/** Checks the values against one schema (one step of a wizard) and shows its errors; true when valid. */
export function validateStep<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  schema: FormSchema,
): boolean {
  const errors: FormErrors = schemaResolver(schema, { sync: true })(form.getValues())
  form.setErrors(errors)
  return Object.keys(errors).length === 0
}

/**
 * Puts the server's answer at the fields it concerns: its validation issues (already localized),
 * and codes that belong to one field (`email_in_use` at the e-mail). True when something was placed.
 */
export function showServerErrorAtFields<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  error: unknown,
  fieldOfCode: Readonly<Record<string, string>> = {},
): boolean {
  if (!(error instanceof ApiRequestError)) return false
  const fields = new Set(Object.keys(flatten(form.getValues())))
  const errors: FormErrors = {}
  for (const issue of error.issues) if (fields.has(issue.path)) errors[issue.path] ??= issue.message
  const field = fieldOfCode[error.code]
  if (field && fields.has(field)) errors[field] = `errors.${error.code}`
  if (Object.keys(errors).length === 0) return false
  form.setErrors({ ...form.errors, ...errors })
  return true
}

/** Dotted paths of every leaf value: `billing.email`. */
export function flatten(values: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flatten(value as Record<string, unknown>, path))
    else out[path] = value
  }
  return out
}
