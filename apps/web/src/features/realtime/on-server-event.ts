import { type ServerEventWithPayload, type ServerToClientEvents, serverEventSchemas } from '@kropla/domain'
import type { Parser } from '../../lib/api'
import type { RealtimeSocket } from '../../lib/socket'

type Payload<Event extends ServerEventWithPayload> = Parameters<ServerToClientEvents[Event]>[0]

/** The domain's event schemas, seen as parsers of the payload types the handlers take. */
const payloadParsers: { [Event in ServerEventWithPayload]: Parser<Payload<Event>> } = serverEventSchemas

/**
 * Listens to a server event and hands on only a payload its domain schema accepts, as the API client
 * does with answers: a payload that breaks the shared contract is reported, not rendered.
 */
export function onServerEvent<Event extends ServerEventWithPayload>(
  socket: RealtimeSocket,
  event: Event,
  handle: (payload: Payload<Event>) => void,
) {
  const parser = payloadParsers[event]
  // socket.io's typed `on` cannot follow a generic event name to its payload; the parser above does.
  ;(socket.on as (name: string, listener: (payload: unknown) => void) => void)(event, (payload) => {
    let checked: Payload<Event>
    try {
      checked = parser.parse(payload)
    } catch (cause) {
      console.error(`Unexpected ${event} payload`, cause)
      return
    }
    handle(checked)
  })
}
