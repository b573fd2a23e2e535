import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import type { WorkGate } from '../features/fairness/work-gate'
import type { ReportGenerator } from '../features/reports/report-generator'
import { createReportsDal } from '../features/reports/reports-dal'
import { registerReportRoutes } from '../features/reports/reports-routes'
import { createReportsService } from '../features/reports/reports-service'
import { createSeriesGenerator } from '../features/reports/series-generator'
import { wireIrrigationReports } from './wire-irrigation-reports'

/**
 * Reports: POST /api/reports and /api/reports/export dispatch by type to the generators listed
 * here (each names its types; a type without one answers 'No report {type}').
 */
export function wireReports(
  app: FastifyInstance,
  deps: { database: Database; work: WorkGate; now?: () => Date },
) {
  const dal = createReportsDal(deps.database.pool)
  const generators: ReportGenerator[] = [
    // The 17 time-series types (every type but irrigation and schedule).
    createSeriesGenerator({ dal }),
    // Irrigation and schedule (and their own POST /api/reports/irrigation).
    ...wireIrrigationReports(app, deps),
  ]
  const reports = createReportsService({ generators, dal, now: deps.now })
  registerReportRoutes(app, { reports, work: deps.work })
  return { reports }
}
