import { opsRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { embeddedMaintenanceMs, maintainEmbeddedDatabase } from '../db/maintenance'
import type { IngestService } from '../ingest/ingest-service'
import { createPeriodic } from './periodic'
import { registerReadiness } from './readiness'
import { registerRoute } from './route-table'

/** What operators and orchestrators ask: /healthz (the process answers) and /readyz (it can work). */
export function wireOps(
  app: FastifyInstance,
  deps: {
    database: Database
    ingest: IngestService
    /** Start-up finished and shutdown not begun. */
    started: () => boolean
    /** The MQTT broker runs (or the external one is connected). */
    mqtt: () => boolean
  },
) {
  registerRoute(app, opsRoutes.healthz, {}, async () => ({ status: 'ok' as const }))
  registerReadiness(app, {
    pool: deps.database.pool,
    started: deps.started,
    mqtt: deps.mqtt,
    ingestWriteFailure: () => deps.ingest.writeFailure(),
  })
}

/** The embedded database's vacuum and analyse (PGlite has no autovacuum); none on a PostgreSQL server. */
export function wireMaintenance(database: Database, logger: Logger) {
  if (database.kind !== 'embedded') return undefined
  return createPeriodic({
    name: 'database maintenance',
    everyMs: embeddedMaintenanceMs,
    logger,
    run: () => maintainEmbeddedDatabase(database),
  })
}
