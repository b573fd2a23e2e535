import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import type { ErrorCode } from '../../app/request-lang'

/** A catalogue key for zod's own (English) wording, so that every problem reads in the user's language. */
function messageKey(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('errors.')) return issue.message
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message))
    return 'errors.field_required'
  if (issue.code === 'too_small') return 'errors.too_small'
  if (issue.code === 'too_big') return 'errors.too_big'
  return 'errors.validation_failed'
}

/**
 * Checks a request part against a schema. A refusal answers 422 with `code` (validation_failed
 * unless told) and each problem on its dotted path, in the user's language; nothing is changed.
 */
export function parseInput<T extends z.ZodType>(
  schema: T,
  value: unknown,
  code: ErrorCode = 'validation_failed',
): z.output<T> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: messageKey(issue),
  }))
  throw new HttpError(code, { status: 422, issues })
}
