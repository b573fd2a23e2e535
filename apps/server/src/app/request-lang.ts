import type { ErrorCode as DomainErrorCode } from '@kropla/domain'
import { type Lang, pickLang } from '@kropla/i18n'
import type { FastifyRequest } from 'fastify'

export type ErrorCode = DomainErrorCode

/** The language of a request: the user's stored choice, then the browser's Accept-Language, then English. */
export function pickLangFromRequest(request: FastifyRequest): Lang {
  return pickLang([request.auth?.user.lang, request.headers['accept-language']])
}
