import type { RealtimeSocket } from '../../lib/socket'

/** How a request sent over the socket ended: the server's acknowledgement (not yet checked), or none. */
export type EmitOutcome = { reply: unknown } | { failure: 'not_connected' | 'timeout' }

/**
 * Emits a request with an acknowledgement and answers how it ended: the reply, no channel, or no
 * reply within `timeoutMs` (a late one is then ignored). The one copy every socket request uses.
 */
export function emitWithTimeout(
  socket: RealtimeSocket | null,
  event: string,
  payload: unknown,
  timeoutMs: number,
): Promise<EmitOutcome> {
  return new Promise((resolve) => {
    if (!socket) return resolve({ failure: 'not_connected' })
    const timer = setTimeout(() => resolve({ failure: 'timeout' }), timeoutMs)
    // socket.io's typed emit cannot follow an event name given as a string; callers check the reply.
    ;(socket.emit as (name: string, body: unknown, callback: (reply: unknown) => void) => void)(
      event,
      payload,
      (reply) => {
        clearTimeout(timer)
        resolve({ reply })
      },
    )
  })
}

/** What checks an acknowledgement: a domain schema's `safeParse`. */
interface AckSchema<Ack> {
  safeParse(input: unknown): { success: true; data: Ack } | { success: false }
}

export interface AckFailure {
  err: string
  message: string
}

/**
 * A request whose acknowledgement is checked by its schema. No channel, no reply in time or a reply
 * outside the shared contract each resolve as a failure without a message, so the screen words it.
 */
export async function requestWithAck<Ack>(
  socket: RealtimeSocket | null,
  event: string,
  payload: unknown,
  timeoutMs: number,
  schema: AckSchema<Ack>,
): Promise<Ack | AckFailure> {
  const outcome = await emitWithTimeout(socket, event, payload, timeoutMs)
  if ('failure' in outcome) return { err: outcome.failure, message: '' }
  const checked = schema.safeParse(outcome.reply)
  return checked.success ? checked.data : { err: 'internal', message: '' }
}
