import { z } from 'zod'
import { route } from './route'

export const healthAnswerSchema = z.object({ status: z.literal('ok') })
export const readinessSchema = z.object({
  database: z.boolean(),
  mqtt: z.boolean(),
  /** False while ingest has been unable to write for more than a few seconds. */
  ingest: z.boolean(),
  ready: z.boolean(),
  /** Why not ready, for the operator (English, like the logs). */
  reason: z.string().optional(),
})

export const opsRoutes = {
  healthz: route({
    method: 'GET',
    path: '/healthz',
    summary: 'The process answers (liveness)',
    tags: ['ops'],
    answers: { 200: healthAnswerSchema },
  }),
  readyz: route({
    method: 'GET',
    path: '/readyz',
    summary: 'Started, the database answers and ingest is writing (readiness); else 503 and why',
    tags: ['ops'],
    answers: { 200: readinessSchema, 503: readinessSchema },
  }),
}
