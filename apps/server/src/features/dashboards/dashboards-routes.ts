import { apiErrorSchema, dashboardOrderSchema, dashboardSchema, saveDashboardSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../auth/auth-hooks'
import { registerResourceRoutes } from '../resource-usage/resource-routes'
import type { DashboardsService } from './dashboards-service'

/** /api/dashboards of the current client account (any of its users). */
export function registerDashboardRoutes(app: FastifyInstance, deps: { dashboards: DashboardsService }) {
  // Registered before /api/dashboards/:id, which would otherwise read "order" as an id.
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/dashboards/order',
    {
      preValidation: requireUser,
      schema: {
        tags: ['dashboards'],
        summary: 'Reorder the dashboards: every dashboard of the account once, in the new order',
        body: dashboardOrderSchema,
        response: {
          200: z.array(dashboardSchema),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    (request) => deps.dashboards.reorder(request.auth!.user.id_client, request.body),
  )
  registerResourceRoutes(app, {
    path: '/api/dashboards',
    tag: 'dashboards',
    item: dashboardSchema,
    save: saveDashboardSchema,
    service: deps.dashboards,
    summaries: {
      list: 'Dashboards of the account in their order; an account without any gets the start dashboard',
      get: 'One dashboard with its widgets',
      create: 'Add a dashboard (at most 16; name at most 16 characters)',
      update: 'Rename a dashboard and save its widgets and their layout',
      remove: 'Remove a dashboard; the only one cannot be removed',
    },
  })
}
