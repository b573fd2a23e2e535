import { waterSourceRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { WaterSourcesService } from './water-sources-service'

/** /api/water_sources of the current client account. */
export function registerWaterSourceRoutes(app: FastifyInstance, deps: { waterSources: WaterSourcesService }) {
  registerResourceRoutes(app, waterSourceRoutes, deps.waterSources)
}
