import type { users } from '../../db/schema'

export type UserRow = typeof users.$inferSelect

export interface AuthContext {
  /** HMAC of the cookie token: what the sessions table keeps. */
  sessionId: string
  csrfToken: string
  user: UserRow
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
}
