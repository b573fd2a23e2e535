import type { FastifyInstance } from 'fastify'
import type { Config } from '../config/env'
import type { SessionService } from '../features/auth/session-service'
import { startRealtime } from '../realtime/socket-server'

/**
 * socket.io on the HTTP server, authenticated by the sessions; with REDIS_URL it fans events out
 * across server processes. Features register their socket requests on it. Connections per user and
 * per address are limited (SOCKET_MAX_PER_USER, SOCKET_MAX_PER_ADDRESS).
 */
export function wireRealtime(app: FastifyInstance, sessions: SessionService, config: Config) {
  return startRealtime(app.server, sessions, {
    redisUrl: config.REDIS_URL,
    publicUrl: config.PUBLIC_URL,
    limits: { perUser: config.SOCKET_MAX_PER_USER, perAddress: config.SOCKET_MAX_PER_ADDRESS },
  })
}
