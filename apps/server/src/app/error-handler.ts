import { translate } from '@kropla/i18n'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isDataException, isStatementTimeout } from '../db/data-exception'
import { HttpError, issueKey, sendError, validationFailed } from './http-errors'
import { pickLangFromRequest } from './request-lang'

/** What `Retry-After` tells a request whose read was stopped for taking too long. */
export const tookTooLongRetryAfterSeconds = 5

/** Every failure answers `{error, message, issues?}` in the user's language; nothing else leaks. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds))
      return sendError(request, reply, error.code, error.status, error.params, error.issues)
    }
    const lang = pickLangFromRequest(request)
    if (hasZodFastifySchemaValidationErrors(error)) {
      const refusal = validationFailed(
        error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issueKey({ code: issue.keyword, message: issue.message }),
        })),
      )
      return sendError(request, reply, refusal.code, refusal.status, undefined, refusal.issues)
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'malformed_json' : 'bad_request'
      return sendError(request, reply, code, error.statusCode)
    }
    if (isStatementTimeout(error)) {
      // A user's read past its time-out (ADR 0093): stopped, so the others' requests go on.
      request.log.warn({ err: error }, 'a read took too long and was stopped')
      reply.header('retry-after', String(tookTooLongRetryAfterSeconds))
      return sendError(request, reply, 'took_too_long', 503)
    }
    if (isDataException(error)) {
      // A value the database cannot hold that no schema refused: the request's fault, so a 400.
      request.log.warn({ err: error }, 'database refused a value of the request')
      return sendError(request, reply, 'bad_request', 400)
    }
    request.log.error({ err: error }, 'request failed')
    return reply.code(500).send({ error: 'internal', message: translate(lang, 'errors.internal') })
  })
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ error: 'not_found', message: translate(pickLangFromRequest(request), 'errors.not_found') }),
  )
}
