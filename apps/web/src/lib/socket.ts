import type { ClientToServerEvents, ServerToClientEvents } from '@kropla/domain'
import { io, type Socket } from 'socket.io-client'

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>

/** One socket to the same origin, websocket only (spec 01 section 7); the session cookie authenticates it. */
export function createRealtimeSocket(): RealtimeSocket {
  return io({ path: '/socket.io', transports: ['websocket'], withCredentials: true, autoConnect: false })
}
