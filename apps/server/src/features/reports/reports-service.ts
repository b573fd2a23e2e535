import {
  type ErrorCode,
  isReportType,
  type ParsedReportRequest,
  type ReportAnswer,
  type ReportType,
  reportRangeProblem,
} from '@kropla/domain'
import type { Lang } from '@kropla/i18n'
import { HttpError } from '../../app/http-errors'
import type { ReportContext, ReportGenerator } from './report-generator'
import type { ReportsDal } from './reports-dal'

/**
 * POST /api/reports and /api/reports/export: the checks every report shares (a known type, at
 * least one source, a usable range), then the generator registered for the type. Generators are
 * registered in app/wire-reports.ts.
 */
export function createReportsService(deps: {
  generators: readonly ReportGenerator[]
  dal: Pick<ReportsDal, 'modules'>
  now?: () => Date
}) {
  const now = deps.now ?? (() => new Date())
  const registry = new Map<ReportType, ReportGenerator>()
  for (const generator of deps.generators)
    for (const type of generator.types) {
      if (registry.has(type)) throw new Error(`Two report generators for ${type}`)
      registry.set(type, generator)
    }

  async function prepare(idClient: number, lang: Lang, request: ParsedReportRequest) {
    const generator = isReportType(request.type) ? registry.get(request.type) : undefined
    // Spec 02 section 8: 'No report {type}' on generate and on export.
    if (!generator) throw new HttpError('report_unknown_type', { params: { type: request.type } })
    if (request.sources.length === 0) throw new HttpError('report_incorrect_data')
    const at = now()
    const problem = reportRangeProblem(request, at)
    if (problem) throw new HttpError(problem.slice('errors.'.length) as ErrorCode)
    const { timeZone } = await deps.dal.modules(idClient, [])
    const context: ReportContext = { idClient, timeZone, lang, now: at }
    return { generator, context }
  }

  return {
    types: () => [...registry.keys()],
    /** The farm's local date of `startDate` (YYYY-MM-DD), the day a CSV's file name carries. */
    async fileDay(idClient: number, startDate: string) {
      const { timeZone } = await deps.dal.modules(idClient, [])
      const start = new Date(startDate)
      if (Number.isNaN(start.getTime())) return startDate.slice(0, 10)
      return new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(start)
    },
    async generate(idClient: number, lang: Lang, request: ParsedReportRequest, signal: AbortSignal) {
      const { generator, context } = await prepare(idClient, lang, request)
      const answer: ReportAnswer = await generator.generate(context, request, signal)
      return answer
    },
    /**
     * Checks the request, then writes the CSV. The checks and the generator's own (its sources)
     * happen before `begin`, so a refusal is still an ordinary error answer.
     */
    async exportCsv(
      idClient: number,
      lang: Lang,
      request: ParsedReportRequest,
      write: (chunk: string) => Promise<void>,
      signal: AbortSignal,
    ) {
      const { generator, context } = await prepare(idClient, lang, request)
      await generator.exportCsv(context, request, write, signal)
    },
  }
}
export type ReportsService = ReturnType<typeof createReportsService>
