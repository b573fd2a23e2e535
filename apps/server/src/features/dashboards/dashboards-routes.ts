import { dashboardRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { DashboardsService } from './dashboards-service'

/** /api/dashboards of the current client account (any of its users). */
export function registerDashboardRoutes(app: FastifyInstance, deps: { dashboards: DashboardsService }) {
  // Registered before /api/dashboards/:id, which would otherwise read "order" as an id.
  registerRoute(app, dashboardRoutes.reorder, { preValidation: requireUser }, (request) =>
    deps.dashboards.reorder(request.auth!.user.id_client, request.body),
  )
  registerResourceRoutes(app, dashboardRoutes, deps.dashboards)
}
