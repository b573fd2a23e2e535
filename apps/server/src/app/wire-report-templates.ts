import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { registerReportTemplateRoutes } from '../features/reports/templates/report-templates-routes'
import { createReportTemplatesService } from '../features/reports/templates/report-templates-service'

/** Report templates: /api/reports/templates of the account. */
export function wireReportTemplates(app: FastifyInstance, deps: { database: Database; logger: Logger }) {
  const templates = createReportTemplatesService({ db: deps.database.db, logger: deps.logger })
  registerReportTemplateRoutes(app, { templates })
  return { templates }
}
