import { opsRoutes } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import { databaseAnswers } from '../db/database-answers'
import type { WriteFailure } from '../ingest/ingest-service'
import { registerRoute } from './route-table'

/** Writes may fail this long (a database failover, a dropped connection) before the process says it is not ready. */
export const ingestStallMs = 5000

/** `GET /readyz`: 200 only when started, the database answers and ingest is writing; else 503 and why. */
export function registerReadiness(
  app: FastifyInstance,
  deps: {
    pool: pg.Pool
    started: () => boolean
    mqtt: () => boolean
    ingestWriteFailure: () => WriteFailure | null
    now?: () => Date
  },
) {
  const now = deps.now ?? (() => new Date())
  registerRoute(app, opsRoutes.readyz, {}, async (_request, reply) => {
    const database = await databaseAnswers(deps.pool)
    const failure = deps.ingestWriteFailure()
    const stalledMs = failure ? now().getTime() - failure.since.getTime() : 0
    const ingest = stalledMs <= ingestStallMs
    const started = deps.started()
    const reason = !started
      ? 'starting or stopping'
      : !database
        ? 'the database does not answer'
        : !ingest
          ? `ingest has not been able to write for ${Math.round(stalledMs / 1000)} s: ${failure?.error}`
          : undefined
    const ready = reason === undefined
    return reply
      .code(ready ? 200 : 503)
      .send({ database, mqtt: deps.mqtt(), ingest, ready, ...(reason ? { reason } : {}) })
  })
}
