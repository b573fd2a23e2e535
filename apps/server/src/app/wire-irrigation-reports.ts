import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/client'
import { createIrrigationGenerator } from '../features/reports/irrigation/irrigation-generator'
import { createIrrigationReportDal } from '../features/reports/irrigation/irrigation-report-dal'
import { registerIrrigationReportRoute } from '../features/reports/irrigation/irrigation-routes'
import { createScheduleGenerator } from '../features/reports/irrigation/schedule-generator'
import type { ReportGenerator } from '../features/reports/report-generator'
import { resolveScheduleElements } from '../features/schedules/resolve-elements'

/**
 * The irrigation and schedule reports: POST /api/reports/irrigation, and their generators for
 * POST /api/reports and /api/reports/export (returned, to be listed with the others).
 */
export function wireIrrigationReports(
  app: FastifyInstance,
  deps: { database: Database; now?: () => Date },
): ReportGenerator[] {
  const db = deps.database.db
  const dal = createIrrigationReportDal(db)
  const irrigation = createIrrigationGenerator(dal)
  const schedule = createScheduleGenerator(dal, (idClient, type, definition) =>
    resolveScheduleElements(db, idClient, type, definition),
  )
  registerIrrigationReportRoute(app, { irrigation, dal, now: deps.now })
  return [irrigation, schedule]
}
