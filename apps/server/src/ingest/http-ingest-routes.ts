import { apiErrorSchema, httpIngestAnswerSchema, serialSchema } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { sendError } from '../app/http-errors'
import type { IngestService } from './ingest-service'
import type { ObjectDirectory } from './object-directory'

function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  if (!header?.startsWith('Basic ')) return null
  const decoded = Buffer.from(header.slice(6), 'base64').toString()
  const colon = decoded.indexOf(':')
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** `POST /ingest/v1/{serial}` for modules that cannot hold an MQTT connection (LTE-M). */
export function registerHttpIngestRoutes(
  app: FastifyInstance,
  deps: { ingest: IngestService; directory: ObjectDirectory },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/ingest/v1/:serial',
    {
      schema: {
        tags: ['devices'],
        summary: 'Readings from a module over HTTP (HTTP Basic: serial and PIN)',
        params: z.object({ serial: serialSchema }),
        body: z.unknown(),
        response: { 202: httpIngestAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const credentials = basicCredentials(request.headers.authorization)
      const object =
        credentials && credentials.user === request.params.serial
          ? await deps.directory.authenticate(credentials.user, credentials.password)
          : null
      if (!object) {
        reply.header('www-authenticate', 'Basic realm="kropla-ingest"')
        return sendError(request, reply, 'check_serial_pin', 401)
      }
      const result = await deps.ingest.acceptReadings(object, request.body)
      const malformed = result.rejected.find(
        (r) => r.reason === 'malformed_payload' || r.reason === 'not_allowed',
      )
      if (malformed) {
        return reply
          .code(400)
          .send({ error: malformed.reason, message: malformed.detail ?? malformed.reason })
      }
      return reply.code(202).send({
        accepted: result.accepted,
        rejected: result.rejected.map((r) => ({ field: r.field, reason: r.reason })),
        // Commands waiting for the module ride back here once irrigation control exists.
        commands: [],
      })
    },
  )
}
