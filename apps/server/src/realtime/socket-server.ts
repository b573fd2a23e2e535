import type http from 'node:http'
import fastifyCookie from '@fastify/cookie'
import type { ClientToServerEvents, ServerToClientEvents, SwitchClientAck } from '@kropla/domain'
import { type Lang, pickLang, translate } from '@kropla/i18n'
import { createAdapter } from '@socket.io/redis-adapter'
import { createClient } from 'redis'
import { Server } from 'socket.io'
import { z } from 'zod'
import { type Actor, runAs, runAsRequest } from '../db/actor-context'
import { isStatementTimeout } from '../db/data-exception'
import type { AuthContext } from '../features/auth/auth-context'
import { sessionCookie } from '../features/auth/auth-hooks'
import type { SessionService } from '../features/auth/session-service'
import type { LivePublisher } from '../ingest/live-publisher'
import { type ConnectionLimits, createConnectionCounter } from './connection-limits'

interface SocketData {
  userId: number
  /** The client account the socket joined at connection; `switch_client` moves the session's sockets. */
  idClient: number
  sessionId: string
  lang: Lang
  /** For /supervisor: when and from where the connection came, and its browser. */
  connectedAt: string
  address: string
  userAgent: string
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

const switchClientRequest = z.object({
  id_client: z.number().int().positive(),
  /** An operator's support access into a client account needs a reason (the audit log keeps it). */
  reason: z.string().max(500).optional(),
})

/** Who a socket request's writes are recorded for in the audit log. */
function socketActor(auth: AuthContext, address: string): Actor {
  return {
    user_id: auth.user.id,
    email: auth.user.email,
    id_client: auth.idClient,
    home_client: auth.homeClientId,
    support: auth.supportReason !== null,
    ip: address || null,
    via: 'socket',
  }
}

/** Who sends a socket request, as re-read from the session when the request arrives. */
export interface SocketRequestContext {
  userId: number
  idClient: number
  sessionId: string
  lang: Lang
  /**
   * The request's place in arrival order on this process. Requests are handled concurrently (the
   * session is re-read for each), so one can overtake another; this says which came later.
   */
  receivedSeq: number
}
/** Answers a socket request: `{ err, message }` on failure (spec 01 section 7). */
export type SocketRequestHandler = (context: SocketRequestContext, payload: unknown) => Promise<object>

/**
 * A refused handshake: `err.message` is the error code, `err.data.message` its wording, and
 * `err.data.limit` the limit a refusal for too many connections names.
 */
function handshakeError(code: string, lang: Lang, params?: Record<string, string | number>) {
  const error = new Error(code) as Error & { data?: { message: string; limit?: number } }
  error.data = { message: translate(lang, `errors.${code}`, params) }
  if (typeof params?.limit === 'number') error.data.limit = params.limit
  return error
}

/**
 * Whether a handshake comes from the app's own pages: its Origin is PUBLIC_URL's origin when that
 * is set, else the host the request came to. Browsers always send Origin on a WebSocket, so a page
 * of another site can never pass (cross-site WebSocket hijacking with the user's cookie); a
 * request without Origin is not a browser's (socket.io-client in Node, a native app) and still
 * needs a session cookie like any other.
 */
export function isOwnOrigin(request: http.IncomingMessage, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (publicUrl) return parsed.origin === new URL(publicUrl).origin
  return parsed.host === request.headers.host
}

/**
 * socket.io on the HTTP port, websocket transport only, authenticated by the session cookie;
 * a handshake from another site's page is refused before the upgrade (isOwnOrigin), and one more
 * than `limits` allows a user or a remote address on this process after its session is checked.
 * Rooms: `client:<id>` (the session's current client account: its live data), `session:<id>`
 * (log_out, switch_client), `user:<id>` (user_client_change). Every request re-reads the session,
 * so a revoked session, or one whose account is blocked or expired, gets nothing.
 */
export async function startRealtime(
  httpServer: http.Server,
  sessions: SessionService,
  settings: { redisUrl?: string; publicUrl?: string; limits: ConnectionLimits },
) {
  const connections = createConnectionCounter(settings.limits)
  const io: RealtimeServer = new Server(httpServer, {
    transports: ['websocket'],
    serveClient: false,
    allowRequest: (request, answer) => answer(null, isOwnOrigin(request, settings.publicUrl)),
  })
  const redisUrl = settings.redisUrl
  // With REDIS_URL, events emitted by one server process reach sockets held by the others.
  const redis = redisUrl ? [createClient({ url: redisUrl }), createClient({ url: redisUrl })] : []
  if (redis.length) {
    await Promise.all(redis.map((client) => client.connect()))
    io.adapter(createAdapter(redis[0], redis[1]))
  }

  /** Counts switch_client room moves, so that housekeeping can tell its reading went stale. */
  let roomMoves = 0
  /** Socket requests features register (`command`, `manual_schedule`, ...), by event name. */
  const requestHandlers = new Map<string, SocketRequestHandler>()
  let requestsReceived = 0

  io.use((socket, next) => {
    const headerLang = pickLang([socket.request.headers['accept-language']])
    const token = fastifyCookie.parse(socket.request.headers.cookie ?? '')[sessionCookie]
    if (!token) return next(handshakeError('not_authenticated', headerLang))
    sessions
      .resolve(token)
      .then((resolution) => {
        if (resolution?.refused)
          return next(handshakeError(resolution.refused.code, headerLang, resolution.refused.params))
        const auth = resolution?.auth
        if (!auth) return next(handshakeError('not_authenticated', headerLang))
        const lang = pickLang([auth.user.lang, socket.request.headers['accept-language']])
        // The place is taken now, in the same turn as the check; it is given back when the socket
        // disconnects, or when its connection closes before it ever connected.
        const admission = connections.admit(auth.user.id, socket.handshake.address)
        if (!admission.ok) return next(handshakeError(admission.code, lang, { limit: admission.limit }))
        socket.once('disconnect', admission.release)
        socket.conn.once('close', admission.release)
        if (socket.conn.readyState === 'closed') admission.release()
        socket.data = {
          userId: auth.user.id,
          idClient: auth.idClient,
          sessionId: auth.sessionId,
          lang,
          connectedAt: new Date().toISOString(),
          address: socket.handshake.address,
          userAgent: String(socket.request.headers['user-agent'] ?? '').slice(0, 300),
        }
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

    for (const [event, handler] of requestHandlers) {
      // The typed events cannot name a handler registered at run time; payloads are checked by the handler's zod schema.
      ;(
        socket as unknown as { on(event: string, listener: (payload: unknown, ack: unknown) => void): void }
      ).on(event, (payload, ack) => {
        if (typeof ack !== 'function') return
        const answer = ack as (answer: object) => void
        const receivedSeq = ++requestsReceived
        const { sessionId, userId, lang } = socket.data
        const failure = (code: string) => ({ err: code, message: translate(lang, `errors.${code}`) })
        // A person's request from its first statement: the users' lane and time-out (ADR 0093).
        runAsRequest(`user:${userId}`, () => sessions.checkLive([sessionId]))
          .then(async ({ authOf }) => {
            const auth = authOf.get(sessionId)
            if (auth === undefined) {
              answer(failure('not_authenticated'))
              socket.emit('log_out')
              socket.disconnect(true)
              return
            }
            const idClient = auth.idClient
            answer(
              await runAs(socketActor(auth, socket.handshake.address), () =>
                handler({ userId, idClient, sessionId, lang, receivedSeq }, payload),
              ),
            )
          })
          .catch((error: unknown) =>
            answer(failure(isStatementTimeout(error) ? 'took_too_long' : 'internal')),
          )
      })
    }

    socket.on('switch_client', (payload, ack) => {
      if (typeof ack !== 'function') return
      const fail = (code: 'switch_client_failed' | 'support_reason_required' = 'switch_client_failed') => {
        const answer: SwitchClientAck = { err: code, message: translate(socket.data.lang, `errors.${code}`) }
        ack(answer)
      }
      const request = switchClientRequest.safeParse(payload)
      if (!request.success) return fail()
      const { sessionId } = socket.data
      sessions
        .checkLive([sessionId])
        .then(({ authOf }) => {
          const auth = authOf.get(sessionId)
          if (!auth) return { ok: false, code: 'switch_client_failed' } as const
          return runAs(socketActor(auth, socket.handshake.address), () =>
            sessions.switchClient(sessionId, request.data.id_client, request.data.reason),
          )
        })
        .then((result) => {
          if (!result.ok) return fail(result.code)
          // Every socket of this session, on any server process, now hears the new account only.
          if (result.from !== result.to) {
            roomMoves++
            io.in(sessionRoom(sessionId)).socketsLeave(clientRoom(result.from))
            io.in(sessionRoom(sessionId)).socketsJoin(clientRoom(result.to))
          }
          ack({ ok: true })
          io.to(sessionRoom(sessionId)).emit('switch_client', { id_client: result.to })
        })
        .catch(() => fail())
    })
  })

  const publisher: LivePublisher = {
    data: (idClient, rows) => {
      if (rows.length) io.to(clientRoom(idClient)).emit('data', rows)
    },
    objectConnection: (idClient, payload) => io.to(clientRoom(idClient)).emit('objects_connection', payload),
    objectConfig: (idClient, payload) => io.to(clientRoom(idClient)).emit('objects_config', payload),
  }

  return {
    io,
    publisher,
    /**
     * Registers a socket request with an acknowledgement. Call before sockets connect (at start-up):
     * the handler gets the session's current user and client account, never the payload's word for it.
     */
    handleRequest(event: string, handler: SocketRequestHandler) {
      requestHandlers.set(event, handler)
    },
    /** Every socket working in one client account: live events of that account only. */
    toClient(idClient: number) {
      return io.to(clientRoom(idClient))
    },
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
    /** The same for every session working in a client account (blocked, deleted). */
    endClientSessions(idClient: number) {
      io.to(clientRoom(idClient)).emit('log_out')
      io.in(clientRoom(idClient)).disconnectSockets(true)
    },
    /** Every socket of one user, e.g. `user_client_change` when their type changes. */
    toUser(userId: number) {
      return io.to(userRoom(userId))
    },
    /** One user's sockets held by THIS process only: for work every process repeats (sweeps). */
    toUserHere(userId: number) {
      return io.local.to(userRoom(userId))
    },
    toSession(sessionId: string) {
      return io.to(sessionRoom(sessionId))
    },
    /**
     * Takes a user's sockets out of a client account's room at once, e.g. when they are removed
     * from an account they were assigned to (send `user_client_change` too, so the page logs out).
     */
    removeUserFromClient(userId: number, idClient: number) {
      io.in(userRoom(userId)).socketsLeave(clientRoom(idClient))
    },
    /**
     * Checks the sessions behind this process's sockets: live ones count as used; sockets of
     * sessions that no longer work (ended elsewhere, e.g. by the command line, timed out, account
     * blocked or expired) get `log_out` and are dropped; a socket in another account's room than
     * its session's current one (the assignment was removed) is moved and told `authorize`.
     */
    async checkSockets() {
      // A switch during this check would make its view of the session stale: leave rooms alone then.
      const movesBefore = roomMoves
      const sockets = await io.local.fetchSockets()
      const ids = [...new Set(sockets.map((socket) => socket.data.sessionId))]
      const { ended, clientOf } = await sessions.checkLive(ids)
      const endedIds = new Set(ended)
      for (const socket of sockets) {
        if (endedIds.has(socket.data.sessionId)) {
          socket.emit('log_out')
          socket.disconnect(true)
          continue
        }
        const current = clientOf.get(socket.data.sessionId)
        if (roomMoves !== movesBefore || current === undefined || socket.rooms.has(clientRoom(current)))
          continue
        for (const room of socket.rooms) if (room.startsWith('client:')) socket.leave(room)
        socket.join(clientRoom(current))
        socket.emit('authorize', { id_client: current })
      }
      return ended.length
    },
    /** Every open socket on every server process (with REDIS_URL), for /supervisor. */
    async activeSockets() {
      const sockets = await io.fetchSockets()
      return sockets.map((socket) => ({ id: socket.id, ...socket.data }))
    },
    /** Drops every socket; the HTTP server itself is closed by Fastify. */
    async close() {
      io.disconnectSockets(true)
      io.engine.close()
      await Promise.all(redis.map((client) => client.quit()))
    },
  }
}
export type Realtime = Awaited<ReturnType<typeof startRealtime>>
