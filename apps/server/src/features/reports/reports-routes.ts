import { once } from 'node:events'
import { PassThrough } from 'node:stream'
import { reportRoutes } from '@kropla/domain'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { pickLangFromRequest } from '../../app/request-lang'
import { registerRoute } from '../../app/route-table'
import { requireUser } from '../auth/auth-hooks'
import type { WorkGate } from '../fairness/work-gate'
import type { ReportsService } from './reports-service'

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
  registerRoute(app, reportRoutes.run, { preValidation: requireUser }, (request, reply) =>
    deps.work.run({ idUser: request.auth!.user.id, idClient: request.auth!.user.id_client }, () =>
      deps.reports.generate(
        request.auth!.user.id_client,
        pickLangFromRequest(request),
        request.body,
        abortOnClose(reply),
      ),
    ),
  )
  registerRoute(app, reportRoutes.export, { preValidation: requireUser }, async (request, reply) => {
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
  })
}
