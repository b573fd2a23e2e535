import { z } from 'zod'
import { serialSchema } from '../fleet/fleet-module'
import {
  brokerAuthenticateRequestSchema,
  brokerAuthorizeRequestSchema,
  brokerHookAnswerSchema,
} from '../protocol/broker-hook'
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
  /** An external broker's HTTP hooks (EMQX; ADR 0091), only with MQTT_HOOK_TOKEN set. */
  brokerAuthenticate: route({
    method: 'POST',
    path: '/broker/v1/authenticate',
    summary: "An external broker's HTTP authentication of a CONNECT (EMQX): allow or deny",
    tags: ['devices'],
    body: brokerAuthenticateRequestSchema,
    answers: { 200: brokerHookAnswerSchema, ...refusals(400, 401) },
  }),
  brokerAuthorize: route({
    method: 'POST',
    path: '/broker/v1/authorize',
    summary: "An external broker's HTTP authorization of a PUBLISH or SUBSCRIBE (EMQX): allow or deny",
    tags: ['devices'],
    body: brokerAuthorizeRequestSchema,
    answers: { 200: brokerHookAnswerSchema, ...refusals(400, 401) },
  }),
}
