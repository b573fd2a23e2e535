import { createHmac, randomBytes } from 'node:crypto'
import type { AuthContext, UserRow } from './auth-context'
import type { SessionDal } from './session-dal'

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000
/** last_seen_at is written at most this often, so that reads do not turn into writes. */
const touchEveryMs = 60 * 1000

export interface SessionMeta {
  ip: string
  userAgent: string
}

export function createSessionService(deps: { dal: SessionDal; secret: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  const idOf = (token: string) => createHmac('sha256', deps.secret).update(token).digest('base64url')

  return {
    idOf,
    /** Starts a fresh session (a new id on every login, so a planted id is worthless). */
    async start(user: UserRow, meta: SessionMeta): Promise<{ token: string; csrfToken: string }> {
      const token = randomBytes(32).toString('base64url')
      const csrfToken = randomBytes(24).toString('base64url')
      const at = now()
      await deps.dal.insert({
        id: idOf(token),
        user_id: user.id,
        id_client: user.id_client,
        csrf_token: csrfToken,
        created_at: at,
        last_seen_at: at,
        expires_at: new Date(at.getTime() + sessionLifetimeMs),
        ip: meta.ip,
        user_agent: meta.userAgent.slice(0, 512),
      })
      return { token, csrfToken }
    },

    async resolve(token: string): Promise<AuthContext | null> {
      const sessionId = idOf(token)
      const at = now()
      const row = await deps.dal.findWithUser(sessionId, at)
      if (!row) return null
      if (at.getTime() - row.session.last_seen_at.getTime() > touchEveryMs)
        await deps.dal.touch(sessionId, at)
      return { sessionId, csrfToken: row.session.csrf_token, user: row.user }
    },

    async end(sessionId: string) {
      await deps.dal.remove(sessionId)
    },
  }
}
export type SessionService = ReturnType<typeof createSessionService>
