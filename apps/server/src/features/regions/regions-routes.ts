import { geoObjectRoutes, regionRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { GeoObjectsService, RegionsService } from './regions-service'

/** /api/regions and /api/geo_objects of the current client account (the map's settings). */
export function registerRegionRoutes(
  app: FastifyInstance,
  deps: { regions: RegionsService; geoObjects: GeoObjectsService },
) {
  registerResourceRoutes(app, regionRoutes, deps.regions)
  registerResourceRoutes(app, geoObjectRoutes, deps.geoObjects)
}
