import { reportRequestSchema } from '../reports/report-request'
import { irrigationReportSchema } from '../reports/report-result'
import { refusals, route } from './route'

export const irrigationReportRoutes = {
  irrigation: route({
    method: 'POST',
    path: '/api/reports/irrigation',
    summary:
      'The irrigation report: runs of outputs o1-o4 of AM-411 and AM-421 in the range, per output and per schedule',
    tags: ['reports'],
    body: reportRequestSchema,
    answers: { 200: irrigationReportSchema, ...refusals(400, 401, 403, 404, 500) },
  }),
}
