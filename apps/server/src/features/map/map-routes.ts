import { apiErrorSchema, type MapSettings, mapDefaults, mapSettingsSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { requireUser } from '../auth/auth-hooks'

/** The map's settings from the server's configuration (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export function mapSettingsOf(config: { MAP_TILE_URL: string; MAP_TILE_ATTRIBUTION: string }): MapSettings {
  const tileUrl = config.MAP_TILE_URL === 'none' ? null : config.MAP_TILE_URL
  return {
    tileUrl,
    attribution: tileUrl ? config.MAP_TILE_ATTRIBUTION : '',
    maxZoom: mapDefaults.maxZoom,
  }
}

/** GET /api/map/settings: where the map's background comes from (the same for every account). */
export function registerMapRoutes(app: FastifyInstance, deps: { settings: MapSettings }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/map/settings',
    {
      preValidation: requireUser,
      schema: {
        tags: ['regions'],
        summary: 'Map background: the tile address (none: no background), its credit and the largest zoom',
        response: { 200: mapSettingsSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    () => deps.settings,
  )
}
