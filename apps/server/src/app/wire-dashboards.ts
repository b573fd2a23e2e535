import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { registerDashboardRoutes } from '../features/dashboards/dashboards-routes'
import { createDashboardsService } from '../features/dashboards/dashboards-service'
import { registerWidgetIrrigation } from '../features/dashboards/widget-irrigation'
import type { Realtime } from '../realtime/socket-server'

/** Dashboards and their widgets: /api/dashboards and the `widget_irrigation` socket request. */
export function wireDashboards(
  app: FastifyInstance,
  deps: { database: Database; logger: Logger; realtime: Pick<Realtime, 'handleRequest'>; now?: () => Date },
) {
  const db = deps.database.db
  registerDashboardRoutes(app, { dashboards: createDashboardsService({ db, logger: deps.logger }) })
  registerWidgetIrrigation(deps.realtime, { db, logger: deps.logger, now: deps.now })
}
