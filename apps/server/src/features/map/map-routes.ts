import { type GeoPoint, type MapSettings, mapDefaults, mapRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'

/** The map's server-wide settings (MAP_TILE_URL, MAP_TILE_ATTRIBUTION, GEOCODER_URL); the farm is each account's. */
export function mapSettingsOf(config: {
  MAP_TILE_URL: string
  MAP_TILE_ATTRIBUTION: string
  GEOCODER_URL?: string
}): Omit<MapSettings, 'farm'> {
  const tileUrl = config.MAP_TILE_URL === 'none' ? null : config.MAP_TILE_URL
  return {
    tileUrl,
    attribution: tileUrl ? config.MAP_TILE_ATTRIBUTION : '',
    maxZoom: mapDefaults.maxZoom,
    geocoder: config.GEOCODER_URL !== undefined,
  }
}

/** GET /api/map/settings: where the map's background comes from, and the account's farm place. */
export function registerMapRoutes(
  app: FastifyInstance,
  deps: {
    settings: Omit<MapSettings, 'farm'>
    /** The account's farm place (client account settings), null when not set. */
    farmPoint: (idClient: number) => Promise<GeoPoint | null>
  },
) {
  registerRoute(app, mapRoutes.settings, { preValidation: requireUser }, async (request) => ({
    ...deps.settings,
    farm: await deps.farmPoint(request.auth!.user.id_client),
  }))
}
