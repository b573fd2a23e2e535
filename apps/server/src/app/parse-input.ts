import type { z } from 'zod'
import { validationFailed } from './http-errors'
import type { ErrorCode } from './request-lang'

/**
 * Checks a request part against a schema, for routes that check in the handler rather than by
 * the route schema: refused as `validationFailed` says (400, the problems on their dotted paths,
 * in the user's language; `code` unless a catalogue rule names its own); nothing is changed.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  code: ErrorCode = 'validation_failed',
): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  throw validationFailed(result.error, code)
}
