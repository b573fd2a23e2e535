import { type ErrorCode, irrigationReportRoutes, reportRangeProblem } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { HttpError } from '../../../app/http-errors'
import { pickLangFromRequest } from '../../../app/request-lang'
import { registerRoute } from '../../../app/route-table'
import { requireUser } from '../../auth/auth-hooks'
import type { createIrrigationGenerator } from './irrigation-generator'
import type { IrrigationReportDal } from './irrigation-report-dal'

/**
 * POST /api/reports/irrigation (spec 02 section 7): the irrigation report of the request's
 * outputs, whatever its `type` says; the same checks as POST /api/reports (at least one source,
 * a usable range).
 */
export function registerIrrigationReportRoute(
  app: FastifyInstance,
  deps: {
    irrigation: ReturnType<typeof createIrrigationGenerator>
    dal: Pick<IrrigationReportDal, 'timeZone'>
    now?: () => Date
  },
) {
  const now = deps.now ?? (() => new Date())
  registerRoute(app, irrigationReportRoutes.irrigation, { preValidation: requireUser }, async (request) => {
    const idClient = request.auth!.user.id_client
    const body = request.body
    if (body.sources.length === 0) throw new HttpError('report_incorrect_data')
    const at = now()
    const problem = reportRangeProblem(body, at)
    if (problem) throw new HttpError(problem.slice('errors.'.length) as ErrorCode)
    const lang = pickLangFromRequest(request)
    const timeZone = await deps.dal.timeZone(idClient)
    return deps.irrigation.report({ idClient, timeZone, lang, now: at }, { ...body, type: 'irrigation' })
  })
}
