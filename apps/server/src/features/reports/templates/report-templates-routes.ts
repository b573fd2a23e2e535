import { reportTemplateSchema, saveReportTemplateSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../../resource-usage/resource-routes'
import type { ReportTemplatesService } from './report-templates-service'

/** /api/reports/templates of the current client account (any of its users). */
export function registerReportTemplateRoutes(
  app: FastifyInstance,
  deps: { templates: ReportTemplatesService },
) {
  registerResourceRoutes(app, {
    path: '/api/reports/templates',
    tag: 'reports',
    item: reportTemplateSchema,
    save: saveReportTemplateSchema,
    service: deps.templates,
    summaries: {
      list: 'Report templates of the account, by name',
      get: 'One report template',
      create: 'Save a report as a template (name 3 to 40 characters, unique in the account; at most 50)',
      update: 'Rename a report template or change its report',
      remove: 'Remove a report template',
    },
  })
}
