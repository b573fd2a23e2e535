import { translate } from '@kropla/i18n'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type ErrorCode, pickLangFromRequest } from './request-lang'

const statusOf: Record<ErrorCode, number> = {
  not_authenticated: 401,
  incorrect_login: 401,
  csrf_invalid: 403,
  validation_failed: 400,
  access_denied: 403,
  not_found: 404,
  internal: 500,
}

/** A failure the route means to answer with: its code is also the i18n key `errors.<code>`. */
export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status = statusOf[code],
  ) {
    super(code)
  }
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status = statusOf[code],
) {
  const lang = pickLangFromRequest(request)
  return reply.code(status).send({ error: code, message: translate(lang, `errors.${code}`) })
}
