import { z } from 'zod'
import { socketFailureSchema } from '../realtime/events'

/**
 * /supervisor (Adminus only): the socket requests `active_sockets` and `supervisor_history_request`
 * and their acknowledgements. Anyone else gets `{ err: 'access_denied', message }`.
 */

/** One open real-time connection: who, from where, since when. */
export const activeSocketSchema = z.object({
  id: z.string(),
  id_user: z.number().int(),
  email: z.string(),
  id_client: z.number().int(),
  client_name: z.string(),
  /** The address the connection came from (the proxy's X-Forwarded-For first address when trusted). */
  address: z.string(),
  user_agent: z.string(),
  connected_at: z.string(),
})
export type ActiveSocket = z.infer<typeof activeSocketSchema>

export const activeSocketsAckSchema = z.union([
  z.object({ ok: z.literal(true), sockets: z.array(activeSocketSchema) }),
  socketFailureSchema,
])
export type ActiveSocketsAck = z.infer<typeof activeSocketsAckSchema>

/** Module traffic per minute: ingest messages in, commands and configurations out. */
export const trafficMinuteSchema = z.object({
  minute: z.string(),
  ingest: z.number().int(),
  commands: z.number().int(),
  rejected: z.number().int(),
})
export type TrafficMinute = z.infer<typeof trafficMinuteSchema>

/** One message of the traffic: a module's `up/*` in, or a `down/*` out. */
export const trafficMessageSchema = z.object({
  at: z.string(),
  direction: z.enum(['in', 'out']),
  serial: z.string(),
  /** `data`, `state`, `ack`, `status` in; `cmd`, `config` out. */
  kind: z.string(),
  /** In: readings accepted; out: whether it was sent. */
  accepted: z.number().int(),
  rejected: z.number().int(),
})
export type TrafficMessage = z.infer<typeof trafficMessageSchema>

/** `supervisor_history_request` asks for the last `minutes` (1 to 60, default 60). */
export const supervisorHistoryRequestSchema = z
  .object({ minutes: z.number().int().min(1).max(60).optional() })
  .optional()

export const supervisorHistoryAckSchema = z.union([
  z.object({
    ok: z.literal(true),
    /** Oldest first, one per minute, this server process's traffic. */
    minutes: z.array(trafficMinuteSchema),
    /** Newest first. */
    last: z.array(trafficMessageSchema),
  }),
  socketFailureSchema,
])
export type SupervisorHistoryAck = z.infer<typeof supervisorHistoryAckSchema>
