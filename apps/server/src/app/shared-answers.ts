import { apiErrorSchema } from '@kropla/domain'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { checksCsrf, sessionGuards } from '../features/auth/auth-hooks'

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The error answers the application gives on this route whatever its handler does. */
function sharedAnswersOf(route: RouteOptions): Record<number, typeof apiErrorSchema> {
  const methods = [route.method].flat().map((method) => method.toUpperCase())
  const schema = route.schema ?? {}
  const guards = [route.preValidation, route.preHandler, route.onRequest].flat()
  // 503 took_too_long: a read past the user's time-out, on any route that reads (ADR 0093).
  const answers: Record<number, typeof apiErrorSchema> = { 500: apiErrorSchema, 503: apiErrorSchema }
  // Validation, malformed JSON and values the database cannot hold (error-handler.ts).
  if (schema.body || schema.querystring || schema.params || methods.some((method) => writes.has(method)))
    answers[400] = apiErrorSchema
  if (guards.some((guard) => sessionGuards.has(guard))) {
    answers[401] = apiErrorSchema
    answers[403] = apiErrorSchema
  }
  if (methods.some((method) => checksCsrf(method, route.url))) answers[403] = apiErrorSchema
  return answers
}

/**
 * Declares on every documented route, as it is added, the error answers the application shell
 * gives there by construction: 400 where there is input to refuse, 401 and 403 behind a session
 * guard (no session; a blocked or expired account; not an admin), 403 where the CSRF token is
 * checked, 500 everywhere (the error handler's `internal`), 503 everywhere (`took_too_long`). The OpenAPI document lists them and
 * no route file repeats them; a route's own declaration of a status wins. Must be installed
 * before any route (an onRoute hook sees only the routes added after it).
 */
export function declareSharedAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.schema || route.schema.hide) return
    route.schema = {
      ...route.schema,
      response: { ...sharedAnswersOf(route), ...(route.schema.response as object | undefined) },
    }
  })
}
