import type { SocketFailure } from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import { isStatementTimeout } from '../../db/data-exception'

/** `{ err, message }` in the user's language (spec 01 section 7). */
export function socketFailure(lang: Lang, code: string): SocketFailure {
  return { err: code, message: translate(lang, `errors.${code}`) }
}

/**
 * The code of a refused payload: the schema's own message when it names one of the catalogue's
 * errors (e.g. 'Manual opening minutes must be a number above 0'), otherwise `bad_request`.
 */
export function invalidPayloadCode(error: z.ZodError): string {
  const message = error.issues.find((issue) => issue.message.startsWith('errors.'))?.message
  return message ? message.slice('errors.'.length) : 'bad_request'
}

/** A refusal a service meant (`HttpError`) keeps its code; anything else is logged and answered `internal`. */
export function failureOf(error: unknown, lang: Lang, logger: Logger, what: string): SocketFailure {
  if (error instanceof HttpError) return socketFailure(lang, error.code)
  if (isStatementTimeout(error)) {
    logger.warn({ err: error }, `${what} took too long and was stopped`)
    return socketFailure(lang, 'took_too_long')
  }
  logger.error({ err: error }, `${what} failed`)
  return socketFailure(lang, 'internal')
}
