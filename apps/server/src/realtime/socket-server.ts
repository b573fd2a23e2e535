import type http from 'node:http'
import fastifyCookie from '@fastify/cookie'
import type { ClientToServerEvents, ServerToClientEvents } from '@kropla/domain'
import { createAdapter } from '@socket.io/redis-adapter'
import { createClient } from 'redis'
import { Server } from 'socket.io'
import { sessionCookie } from '../features/auth/auth-hooks'
import type { SessionService } from '../features/auth/session-service'
import type { LivePublisher } from '../ingest/live-publisher'

interface SocketData {
  userId: number
  idClient: number
  sessionId: string
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>

const clientRoom = (idClient: number) => `client:${idClient}`
const sessionRoom = (sessionId: string) => `session:${sessionId}`
const userRoom = (userId: number) => `user:${userId}`

/**
 * socket.io on the HTTP port, websocket transport only, authenticated by the session cookie.
 * Each account has one room: events for an account reach its users' sockets and no one else's.
 */
export async function startRealtime(httpServer: http.Server, sessions: SessionService, redisUrl?: string) {
  const io: RealtimeServer = new Server(httpServer, { transports: ['websocket'], serveClient: false })
  // With REDIS_URL, events emitted by one server process reach sockets held by the others.
  const redis = redisUrl ? [createClient({ url: redisUrl }), createClient({ url: redisUrl })] : []
  if (redis.length) {
    await Promise.all(redis.map((client) => client.connect()))
    io.adapter(createAdapter(redis[0], redis[1]))
  }

  io.use((socket, next) => {
    const token = fastifyCookie.parse(socket.request.headers.cookie ?? '')[sessionCookie]
    if (!token) return next(new Error('not_authenticated'))
    sessions
      .resolve(token)
      .then((auth) => {
        if (!auth) return next(new Error('not_authenticated'))
        socket.data = { userId: auth.user.id, idClient: auth.user.id_client, sessionId: auth.sessionId }
        next()
      })
      .catch(() => next(new Error('internal')))
  })

  io.on('connection', (socket) => {
    void socket.join([
      clientRoom(socket.data.idClient),
      sessionRoom(socket.data.sessionId),
      userRoom(socket.data.userId),
    ])
    socket.emit('authorize', { id_client: socket.data.idClient })
  })

  const publisher: LivePublisher = {
    data: (idClient, rows) => {
      if (rows.length) io.to(clientRoom(idClient)).emit('data', rows)
    },
    objectConnection: (idClient, payload) => io.to(clientRoom(idClient)).emit('objects_connection', payload),
  }

  return {
    io,
    publisher,
    /** Tells the sockets of an ended session to log out, then drops them. */
    endSession(sessionId: string) {
      io.to(sessionRoom(sessionId)).emit('log_out')
      io.in(sessionRoom(sessionId)).disconnectSockets(true)
    },
    /** The same for every session of a user (deleted, password changed, account removed). */
    endUserSessions(userId: number) {
      io.to(userRoom(userId)).emit('log_out')
      io.in(userRoom(userId)).disconnectSockets(true)
    },
    /** Every socket of one user, e.g. `user_client_change` when their type changes. */
    toUser(userId: number) {
      return io.to(userRoom(userId))
    },
    toSession(sessionId: string) {
      return io.to(sessionRoom(sessionId))
    },
    /** Drops every socket; the HTTP server itself is closed by Fastify. */
    async close() {
      io.disconnectSockets(true)
      io.engine.close()
      await Promise.all(redis.map((client) => client.quit()))
    },
  }
}
