import { translate } from '@kropla/i18n'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { isDataException } from '../db/data-exception'
import { HttpError, sendError } from './http-errors'
import { pickLangFromRequest } from './request-lang'

/** Every failure answers `{error, message, issues?}` in the user's language; nothing else leaks. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError)
      return sendError(request, reply, error.code, error.status, error.params, error.issues)
    const lang = pickLangFromRequest(request)
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => {
        const text = issue.message ?? ''
        return {
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: text.startsWith('errors.') ? translate(lang, text) : text,
        }
      })
      return reply
        .code(400)
        .send({ error: 'validation_failed', message: translate(lang, 'errors.validation_failed'), issues })
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'malformed_json' : 'bad_request'
      return sendError(request, reply, code, error.statusCode)
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
