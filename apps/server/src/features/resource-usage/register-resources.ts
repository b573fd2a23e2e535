import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import { registerGroupRoutes } from '../groups/groups-routes'
import { createGroupsService } from '../groups/groups-service'
import { registerOutputRoutes } from '../outputs/outputs-routes'
import { createOutputsService } from '../outputs/outputs-service'
import { registerRegionRoutes } from '../regions/regions-routes'
import { createGeoObjectsService, createRegionsService } from '../regions/regions-service'
import { registerSectionRoutes } from '../sections/sections-routes'
import { createSectionsService } from '../sections/sections-service'
import { registerWaterSourceRoutes } from '../water-sources/water-sources-routes'
import { createWaterSourcesService } from '../water-sources/water-sources-service'

/** The account's resources: outputs and equipment, water sources, groups, sections, regions and geo objects. */
export function registerResourceFeatures(app: FastifyInstance, deps: { db: Db; logger: Logger }) {
  registerOutputRoutes(app, { outputs: createOutputsService(deps) })
  registerWaterSourceRoutes(app, { waterSources: createWaterSourcesService(deps) })
  registerGroupRoutes(app, { groups: createGroupsService(deps) })
  registerSectionRoutes(app, { sections: createSectionsService(deps) })
  registerRegionRoutes(app, {
    regions: createRegionsService(deps),
    geoObjects: createGeoObjectsService(deps),
  })
}
