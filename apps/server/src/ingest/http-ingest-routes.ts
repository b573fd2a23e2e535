import { ingestRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import { sendError } from '../app/http-errors'
import { registerRoute } from '../app/route-table'
import type { DeviceLogin } from './device-login'
import type { IngestResult, IngestService } from './ingest-service'
import type { KnownObject } from './object-directory'

/** Acknowledgements an HTTP module sends with (or instead of) its readings: `acks: [{id, result}]`. */
function splitAcks(body: unknown): { acks: unknown[]; readings: unknown; hasReadings: boolean } {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('acks' in body))
    return { acks: [], readings: body, hasReadings: true }
  const { acks, ...readings } = body as Record<string, unknown>
  return {
    acks: Array.isArray(acks) ? acks.slice(0, 100) : [acks],
    readings,
    hasReadings: 'values' in readings || 'readings' in readings,
  }
}

function basicCredentials(header: string | undefined): { user: string; password: string } | null {
  if (!header?.startsWith('Basic ')) return null
  const decoded = Buffer.from(header.slice(6), 'base64').toString()
  const colon = decoded.indexOf(':')
  return colon < 0 ? null : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}

/** `POST /ingest/v1/{serial}` for modules that cannot hold an MQTT connection (LTE-M). */
export function registerHttpIngestRoutes(
  app: FastifyInstance,
  deps: {
    ingest: IngestService
    login: DeviceLogin
    /** Commands waiting for the module (e.g. its pending configuration): they ride back on the answer. */
    pendingCommands?: (object: KnownObject) => Promise<unknown[]>
  },
) {
  registerRoute(app, ingestRoutes.readings, {}, async (request, reply) => {
    const credentials = basicCredentials(request.headers.authorization)
    const serial = request.params.serial
    const login = await deps.login.authenticate(
      serial,
      credentials?.user === serial ? credentials.password : null,
      request.ip,
    )
    if (!login.ok) {
      const seconds = Math.ceil(login.waitMs / 1000)
      if (seconds > 0) reply.header('retry-after', String(seconds))
      if (login.throttled) return sendError(request, reply, 'too_many_attempts', 429, { seconds })
      reply.header('www-authenticate', 'Basic realm="kropla-ingest"')
      return sendError(request, reply, 'check_serial_pin', 401)
    }
    const { object } = login
    const { acks, readings, hasReadings } = splitAcks(request.body)
    const acknowledged: IngestResult['rejected'] = []
    for (const ack of acks) acknowledged.push(...(await deps.ingest.acknowledge(object, ack)).rejected)
    const result = hasReadings
      ? await deps.ingest.acceptReadings(object, readings)
      : { accepted: 0, rejected: [] }
    const malformed = result.rejected.find(
      (r) => r.reason === 'malformed_payload' || r.reason === 'not_allowed',
    )
    if (malformed) {
      return reply.code(400).send({ error: malformed.reason, message: malformed.detail ?? malformed.reason })
    }
    return reply.code(202).send({
      accepted: result.accepted,
      rejected: [...acknowledged, ...result.rejected].map((r) => ({ field: r.field, reason: r.reason })),
      commands: (await deps.pendingCommands?.(object)) ?? [],
    })
  })
}
