import { z } from 'zod'
import { serialSchema } from '../fleet/fleet-module'
import { httpIngestAnswerSchema } from '../protocol/payloads'
import { refusals, route } from './route'

export const ingestParamsSchema = z.object({ serial: serialSchema })

export const ingestRoutes = {
  readings: route({
    method: 'POST',
    path: '/ingest/v1/:serial',
    summary:
      'Readings from a module over HTTP (HTTP Basic: serial and device secret, or PIN for a module without one)',
    tags: ['devices'],
    params: ingestParamsSchema,
    body: z.unknown(),
    answers: { 202: httpIngestAnswerSchema, ...refusals(400, 401, 429) },
  }),
}
