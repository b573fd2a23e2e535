import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import type { AttemptLimiter } from '../features/auth/attempt-limiter'
import { farmPoint } from '../features/clients/client-account-service'
import { createClientsDal } from '../features/clients/clients-dal'
import { registerGeocoderRoutes } from '../features/geocoder/geocoder-routes'
import { createGeocoder } from '../features/geocoder/geocoder-service'
import { registerGroupRoutes } from '../features/groups/groups-routes'
import { createGroupsService } from '../features/groups/groups-service'
import { mapSettingsOf, registerMapRoutes } from '../features/map/map-routes'
import { registerObjectsRoutes } from '../features/objects/objects-routes'
import { createObjectsService } from '../features/objects/objects-service'
import { registerOutputRoutes } from '../features/outputs/outputs-routes'
import { createOutputsService } from '../features/outputs/outputs-service'
import { registerRegionRoutes } from '../features/regions/regions-routes'
import { createGeoObjectsService, createRegionsService } from '../features/regions/regions-service'
import { registerSectionRoutes } from '../features/sections/sections-routes'
import { createSectionsService } from '../features/sections/sections-service'
import { registerWaterSourceRoutes } from '../features/water-sources/water-sources-routes'
import { createWaterSourcesService } from '../features/water-sources/water-sources-service'
import type { DevicePublisher } from '../ingest/device-publisher'
import type { Realtime } from '../realtime/socket-server'

/**
 * The account's modules (objects: names, configuration sent to the module) and resources
 * (outputs, water sources, groups, sections, regions and geo objects).
 */
export function wireResources(
  app: FastifyInstance,
  deps: {
    database: Database
    logger: Logger
    realtime: Realtime
    devices: DevicePublisher
    attempts: AttemptLimiter
    /** A saved configuration may change thresholds: whoever caches a module's settings forgets them. */
    forgetModule: (serial: string) => void
    /** The map's tile service and the address geocoder (server-wide). */
    map: { MAP_TILE_URL: string; MAP_TILE_ATTRIBUTION: string; GEOCODER_URL?: string }
    now?: () => Date
  },
) {
  const db = deps.database.db
  const objects = createObjectsService({
    db,
    logger: deps.logger,
    directory: { forget: deps.forgetModule },
    devices: deps.devices,
    live: deps.realtime.publisher,
    now: deps.now,
  })
  registerObjectsRoutes(app, { objects, attempts: deps.attempts })
  const { logger } = deps
  registerOutputRoutes(app, { outputs: createOutputsService({ db, logger }) })
  registerWaterSourceRoutes(app, { waterSources: createWaterSourcesService({ db, logger }) })
  registerGroupRoutes(app, { groups: createGroupsService({ db, logger }) })
  registerSectionRoutes(app, { sections: createSectionsService({ db, logger }) })
  registerRegionRoutes(app, {
    regions: createRegionsService({ db, logger }),
    geoObjects: createGeoObjectsService({ db, logger }),
  })
  const clients = createClientsDal(db)
  registerMapRoutes(app, {
    settings: mapSettingsOf(deps.map),
    farmPoint: async (idClient) => {
      const client = await clients.findById(idClient)
      return client && farmPoint(client)
    },
  })
  registerGeocoderRoutes(app, { geocoder: createGeocoder({ url: deps.map.GEOCODER_URL, logger }) })
  return { objects }
}
