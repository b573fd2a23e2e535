import { geoObjectSchema, regionSchema, saveGeoObjectSchema, saveRegionSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { GeoObjectsService, RegionsService } from './regions-service'

/** /api/regions and /api/geo_objects of the current client account (the map's settings). */
export function registerRegionRoutes(
  app: FastifyInstance,
  deps: { regions: RegionsService; geoObjects: GeoObjectsService },
) {
  registerResourceRoutes(app, {
    path: '/api/regions',
    tag: 'regions',
    item: regionSchema,
    save: saveRegionSchema,
    service: deps.regions,
    summaries: {
      list: 'Map regions of the account',
      get: 'One region with its modules',
      create: 'Add a region: at least three points; modules of the account',
      update: 'Edit a region; its points and modules are replaced',
      remove: 'Remove a region; its modules and outputs leave it',
    },
  })
  registerResourceRoutes(app, {
    path: '/api/geo_objects',
    tag: 'regions',
    item: geoObjectSchema,
    save: saveGeoObjectSchema,
    service: deps.geoObjects,
    summaries: {
      list: 'Geo objects (points of interest) of the account',
      get: 'One geo object',
      create: 'Add a geo object with its marker and location',
      update: 'Edit a geo object',
      remove: 'Remove a geo object',
    },
  })
}
