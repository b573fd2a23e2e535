import { saveWaterSourceSchema, waterSourceSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { WaterSourcesService } from './water-sources-service'

/** /api/water_sources of the current client account. */
export function registerWaterSourceRoutes(app: FastifyInstance, deps: { waterSources: WaterSourcesService }) {
  registerResourceRoutes(app, {
    path: '/api/water_sources',
    tag: 'water sources',
    item: waterSourceSchema,
    save: saveWaterSourceSchema,
    service: deps.waterSources,
    summaries: {
      list: 'Water sources of the account',
      get: 'One water source with its clean and fertigated outputs',
      create: 'Add a water source: at least one clean-water output, no output both clean and fertigated',
      update: 'Edit a water source; its outputs are replaced',
      remove: 'Remove a water source; sections and outputs drawing from it are left without one',
      usage: 'Sections and outputs drawing from the water source (warnings: removal detaches them)',
    },
  })
}
