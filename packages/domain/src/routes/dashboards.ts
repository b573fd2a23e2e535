import { z } from 'zod'
import { dashboardOrderSchema, dashboardSchema, saveDashboardSchema } from '../dashboards/dashboards'
import { resourceRoutes } from './resources'
import { refusals, route } from './route'

export const dashboardRoutes = {
  ...resourceRoutes({
    path: '/api/dashboards',
    tag: 'dashboards',
    item: dashboardSchema,
    save: saveDashboardSchema,
    summaries: {
      list: 'Dashboards of the account in their order; an account without any gets the start dashboard',
      get: 'One dashboard with its widgets',
      create: 'Add a dashboard (at most 16; name at most 16 characters)',
      update: 'Rename a dashboard and save its widgets and their layout',
      remove: 'Remove a dashboard; the only one cannot be removed',
    },
  }),
  reorder: route({
    method: 'PUT',
    path: '/api/dashboards/order',
    summary: 'Reorder the dashboards: every dashboard of the account once, in the new order',
    tags: ['dashboards'],
    body: dashboardOrderSchema,
    answers: { 200: z.array(dashboardSchema), ...refusals(400, 401, 403, 500) },
  }),
}
