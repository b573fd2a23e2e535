import { apiErrorSchema, geocodeAnswerSchema, geocodeQuerySchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { pickLangFromRequest } from '../../app/request-lang'
import { requireAdmin } from '../auth/auth-hooks'
import type { Geocoder } from './geocoder-service'

/**
 * GET /api/geocode?q=: the farm's place by address (settings > client account, admins), looked
 * up by the server's geocoder (GEOCODER_URL) in the user's language.
 */
export function registerGeocoderRoutes(app: FastifyInstance, deps: { geocoder: Geocoder }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/geocode',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['client account'],
        summary:
          "Places found by an address (at most five), for the farm's place (admin); 404 geocoder_not_configured without GEOCODER_URL, 429 busy_try_again when the farm has several searches waiting (the turns go round the farms), 502 geocoder_failed when the geocoder does not answer",
        querystring: geocodeQuerySchema,
        response: {
          200: geocodeAnswerSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      places: await deps.geocoder.search(
        request.auth!.user.id_client,
        request.query.q,
        pickLangFromRequest(request),
      ),
    }),
  )
}
