import { translate } from '@kropla/i18n'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type ErrorCode, pickLangFromRequest } from './request-lang'

const statusOf: Partial<Record<ErrorCode, number>> = {
  not_authenticated: 401,
  incorrect_login: 401,
  csrf_invalid: 403,
  access_denied: 403,
  not_found: 404,
  internal: 500,
  too_many_attempts: 429,
  account_blocked: 403,
  account_expired: 403,
  registration_failed: 500,
  reset_failed: 500,
  changes_not_saved: 500,
}

/**
 * A failure a service means the user to see: its code is also the i18n key `errors.<code>`.
 * The error handler answers it with sendError.
 */
export class HttpError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    options: { status?: number; params?: Record<string, string | number> } = {},
  ) {
    super(code)
    this.status = options.status ?? statusOf[code] ?? 400
    this.params = options.params
  }
  readonly params: Record<string, string | number> | undefined
}

/** Answers `{error, message}` with the message in the request's language; other codes are 400. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number = statusOf[code] ?? 400,
  params?: Record<string, string | number>,
) {
  const lang = pickLangFromRequest(request)
  return reply.code(status).send({ error: code, message: translate(lang, `errors.${code}`, params) })
}
