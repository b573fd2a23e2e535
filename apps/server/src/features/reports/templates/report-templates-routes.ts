import { reportTemplateRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../../resource-usage/resource-routes'
import type { ReportTemplatesService } from './report-templates-service'

/** /api/reports/templates of the current client account (any of its users). */
export function registerReportTemplateRoutes(
  app: FastifyInstance,
  deps: { templates: ReportTemplatesService },
) {
  registerResourceRoutes(app, reportTemplateRoutes, deps.templates)
}
