import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { apiErrorSchema, reportAnswerSchema, reportRequestSchema } from '@kropla/domain'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pickLangFromRequest } from '../../app/request-lang'
import { requireUser } from '../auth/auth-hooks'
import type { WorkGate } from '../fairness/work-gate'
import type { ReportsService } from './reports-service'

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  // busy_try_again, with Retry-After: the user's or the farm's reports already under way (ADR 0086).
  429: apiErrorSchema,
  500: apiErrorSchema,
}

/** Aborted when the browser goes away before the answer is complete (a cancelled generation). */
function abortOnClose(reply: FastifyReply) {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/** POST /api/reports (the result) and /api/reports/export (the CSV, streamed), spec 02 sections 3.7 and 9. */
export function registerReportRoutes(
  app: FastifyInstance,
  deps: { reports: ReportsService; work: WorkGate },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>()
  routes.post(
    '/api/reports',
    {
      preValidation: requireUser,
      schema: {
        tags: ['reports'],
        summary:
          "A report of the account's modules: the series, irrigation or schedule result of its type. 'No report {type}' (report_unknown_type) for an unknown type, report_incorrect_data without sources, report_sources_failed (404) when no source could be used; the rest are named in failed_sources",
        body: reportRequestSchema,
        response: { 200: reportAnswerSchema, ...errors },
      },
    },
    (request, reply) =>
      deps.work.run({ idUser: request.auth!.user.id, idClient: request.auth!.user.id_client }, () =>
        deps.reports.generate(
          request.auth!.user.id_client,
          pickLangFromRequest(request),
          request.body,
          abortOnClose(reply),
        ),
      ),
  )
  routes.post(
    '/api/reports/export',
    {
      preValidation: requireUser,
      schema: {
        tags: ['reports'],
        summary:
          'The same report as CSV (text/csv attachment): a quoted header line, comma separated, rows by ascending time, empty values blank, the numbers at full resolution; streamed page by page. Refusals as for POST /api/reports, answered before any CSV',
        body: reportRequestSchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const signal = abortOnClose(reply)
      const stream = new PassThrough()
      let begin: () => void = () => {}
      const begun = new Promise<'begun'>((resolve) => {
        begin = () => resolve('begun')
      })
      const write = async (chunk: string) => {
        begin()
        if (!stream.write(chunk)) await once(stream, 'drain', { signal })
      }
      // The export holds its place until the last page is written or the download is cut.
      const done = deps.work.run(
        { idUser: request.auth!.user.id, idClient: request.auth!.user.id_client },
        () =>
          deps.reports.exportCsv(
            request.auth!.user.id_client,
            pickLangFromRequest(request),
            request.body,
            write,
            signal,
          ),
      )
      // A refusal (unknown type, no sources, every source failed) comes before the first chunk:
      // it is answered as an error; once the CSV has begun, a failure cuts the download short.
      await Promise.race([begun, done])
      done.then(
        () => stream.end(),
        (error: unknown) => {
          if (!signal.aborted) request.log.error({ err: error }, 'report export failed')
          stream.destroy(error instanceof Error ? error : new Error(String(error)))
        },
      )
      // The farm's day the report starts on (a farm midnight is the evening before in UTC).
      const day = (await deps.reports.fileDay(request.auth!.user.id_client, request.body.start_date)).replace(
        /[^0-9-]/g,
        '',
      )
      const type = request.body.type.replace(/[^a-z_]/g, '')
      return (
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="report-${type}-${day}.csv"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is (never serialized); the schema documents its text.
          .send(stream as unknown as string)
      )
    },
  )
}
