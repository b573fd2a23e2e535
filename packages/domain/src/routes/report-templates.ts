import { reportTemplateSchema, saveReportTemplateSchema } from '../reports/report-templates'
import { resourceRoutes } from './resources'

export const reportTemplateRoutes = resourceRoutes({
  path: '/api/reports/templates',
  tag: 'reports',
  item: reportTemplateSchema,
  save: saveReportTemplateSchema,
  summaries: {
    list: 'Report templates of the account, by name',
    get: 'One report template',
    create: 'Save a report as a template (name 3 to 40 characters, unique in the account; at most 50)',
    update: 'Rename a report template or change its report',
    remove: 'Remove a report template',
  },
})
