import type { ErrorCode } from '@kropla/domain'
import type { users } from '../../db/schema'

export type UserRow = typeof users.$inferSelect

/**
 * Who is asking, computed once per request by the auth hook from the session.
 *
 * `idClient` is the session's CURRENT client account (a user assigned to several accounts
 * switches between them) and `type` the user's type IN that account. `user.id_client` and
 * `user.type` are rewritten to these same effective values, so code that reads
 * `request.auth.user.id_client` scopes to the current account; the user's own account and
 * type as stored are `homeClientId` and `homeType`.
 */
export interface AuthContext {
  /** HMAC of the cookie token: what the sessions table keeps. Never shown to anyone. */
  sessionId: string
  /** The id the active-sessions list shows, derived one-way from sessionId. */
  publicId: string
  csrfToken: string
  user: UserRow
  idClient: number
  type: number
  homeClientId: number
  homeType: number
  /** An operator's support access: the reason they switched into this client account; else null. */
  supportReason: string | null
}

/** A session that exists but may not be used: its current client account is blocked or expired. */
export interface RefusedSession {
  sessionId: string
  code: Extract<ErrorCode, 'account_blocked' | 'account_expired'>
  params: Record<string, string>
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
    /** Set instead of `auth` when the session's account is blocked or expired. */
    refusedSession: RefusedSession | null
  }
}
