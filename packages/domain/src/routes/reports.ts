import { z } from 'zod'
import { reportRequestSchema } from '../reports/report-request'
import { reportAnswerSchema } from '../reports/report-result'
import { refusals, route } from './route'

/** The CSV of an export: text whose first line is the quoted header (spec 02 section 9), after an optional BOM. */
export const reportCsvSchema = z
  .string()
  .regex(/^\uFEFF?"/)
  .describe('text/csv')

export const reportRoutes = {
  run: route({
    method: 'POST',
    path: '/api/reports',
    summary:
      "A report of the account's modules: the series, irrigation or schedule result of its type. 'No report {type}' (report_unknown_type) for an unknown type, report_incorrect_data without sources, report_sources_failed (404) when no source could be used; the rest are named in failed_sources",
    tags: ['reports'],
    body: reportRequestSchema,
    answers: { 200: reportAnswerSchema, ...refusals(400, 401, 403, 404, 429, 500) },
  }),
  export: route({
    method: 'POST',
    path: '/api/reports/export',
    summary:
      'The same report as CSV (text/csv attachment): a quoted header line, comma separated, rows by ascending time, empty values blank, the numbers at full resolution; streamed page by page. Refusals as for POST /api/reports, answered before any CSV',
    tags: ['reports'],
    body: reportRequestSchema,
    answers: { 200: reportCsvSchema, ...refusals(400, 401, 403, 404, 429, 500) },
  }),
}
