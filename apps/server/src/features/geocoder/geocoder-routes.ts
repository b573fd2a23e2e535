import { geocodeRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { pickLangFromRequest } from '../../app/request-lang'
import { registerRoute } from '../../app/route-table'
import { requireAdmin } from '../auth/auth-hooks'
import type { Geocoder } from './geocoder-service'

/**
 * GET /api/geocode?q=: the farm's place by address (settings > client account, admins), looked
 * up by the server's geocoder (GEOCODER_URL) in the user's language.
 */
export function registerGeocoderRoutes(app: FastifyInstance, deps: { geocoder: Geocoder }) {
  registerRoute(app, geocodeRoutes.search, { preValidation: requireAdmin }, async (request) => ({
    places: await deps.geocoder.search(
      request.auth!.user.id_client,
      request.query.q,
      pickLangFromRequest(request),
    ),
  }))
}
