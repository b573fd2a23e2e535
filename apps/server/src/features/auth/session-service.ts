import { createHmac, randomBytes } from 'node:crypto'
import {
  type ActiveSession,
  type AssignedClient,
  accountRefusal,
  isAdminus,
  type Mailboxes,
  type UserType,
  userTypes,
} from '@kropla/domain'
import type { AuthContext, RefusedSession, UserRow } from './auth-context'
import type { SessionDal } from './session-dal'

/** last_seen_at is written at most this often, so that reads do not turn into writes. */
const touchEveryMs = 60 * 1000

export interface SessionMeta {
  ip: string
  userAgent: string
}

export interface SessionServiceDeps {
  dal: SessionDal
  secret: string
  /** SESSION_IDLE_HOURS: a session unused this long ends. */
  idleMs: number
  /** SESSION_MAX_DAYS: a session this old ends however much it is used. */
  maxMs: number
  mailboxes: Mailboxes
  now?: () => Date
}

/** What a session token or id stands for: a usable session, a refused one (account blocked or expired), or nothing. */
export type Resolution =
  | { auth: AuthContext; refused?: undefined }
  | { auth?: undefined; refused: RefusedSession }

export type SwitchResult =
  | { ok: true; from: number; to: number }
  | { ok: false; code: 'switch_client_failed' | 'support_reason_required' }
const switchFailed = { ok: false, code: 'switch_client_failed' } as const

const userType = (type: number): UserType => (type === 0 ? 0 : type === 1 ? 1 : 2)

export function createSessionService(deps: SessionServiceDeps) {
  const now = deps.now ?? (() => new Date())
  const idOf = (token: string) => createHmac('sha256', deps.secret).update(token).digest('base64url')
  /** One-way from the session id, so the sessions list never shows what the table is keyed by. */
  const publicIdOf = (sessionId: string) =>
    createHmac('sha256', deps.secret)
      .update(`public-session-id|${sessionId}`)
      .digest('base64url')
      .slice(0, 22)

  const deadlineOf = (session: { created_at: Date; last_seen_at: Date; expires_at: Date }) =>
    Math.min(
      session.created_at.getTime() + deps.maxMs,
      session.last_seen_at.getTime() + deps.idleMs,
      session.expires_at.getTime(),
    )
  const idleUntil = (at: Date) => new Date(at.getTime() + deps.idleMs)

  type ContextRow = NonNullable<Awaited<ReturnType<SessionDal['findContext']>>>

  /** The effective context of a stored session, or null when it has timed out (it is then deleted). */
  async function contextOf(row: ContextRow, at: Date): Promise<Resolution | null> {
    const { session, user } = row
    if (at.getTime() >= deadlineOf(session)) {
      await deps.dal.remove(session.id)
      return null
    }
    let client = row.client
    let assignedType = row.assignedType
    const away = session.id_client !== user.id_client
    const onSupport = away && isAdminus(user.type) && session.support_reason !== null
    let refusal = accountRefusal(client, at, deps.mailboxes)
    // The assignment to the current account was removed, or the account an operator supports was
    // blocked or expired: back to the user's own account.
    if (away && ((assignedType === null && !onSupport) || (onSupport && refusal))) {
      const home = await deps.dal.findClient(user.id_client)
      if (!home) return null
      await deps.dal.setClient(session.id, home.id)
      client = home
      assignedType = null
      refusal = accountRefusal(client, at, deps.mailboxes)
    }
    if (refusal) return { refused: { sessionId: session.id, ...refusal } }
    const supportReason = client.id !== user.id_client && onSupport ? session.support_reason : null
    const type = isAdminus(user.type)
      ? userTypes.adminus
      : client.id === user.id_client
        ? user.type
        : (assignedType ?? userTypes.normal)
    return {
      auth: {
        sessionId: session.id,
        publicId: publicIdOf(session.id),
        csrfToken: session.csrf_token,
        user: { ...user, id_client: client.id, type },
        idClient: client.id,
        type,
        homeClientId: user.id_client,
        homeType: user.type,
        supportReason,
      },
    }
  }

  async function resolveId(sessionId: string): Promise<Resolution | null> {
    const at = now()
    const row = await deps.dal.findContext(sessionId)
    if (!row) return null
    const resolution = await contextOf(row, at)
    if (resolution?.auth && at.getTime() - row.session.last_seen_at.getTime() > touchEveryMs)
      await deps.dal.touch([sessionId], at, idleUntil(at), deps.maxMs)
    return resolution
  }

  return {
    idOf,
    publicIdOf,
    /** For the session cookie: it never outlives the absolute time-out. */
    maxAgeSeconds: Math.floor(deps.maxMs / 1000),

    /** Whether the user's own client account may be used now (login): null, or the refusal. */
    async refusalForLogin(user: UserRow) {
      return accountRefusal(await deps.dal.findClient(user.id_client), now(), deps.mailboxes)
    },

    /** Starts a fresh session in the user's own account (a new id on every login, so a planted id is worthless). */
    async start(user: UserRow, meta: SessionMeta): Promise<{ token: string; csrfToken: string }> {
      const token = randomBytes(32).toString('base64url')
      const csrfToken = randomBytes(24).toString('base64url')
      const at = now()
      const actor = {
        user_id: user.id,
        email: user.email,
        id_client: user.id_client,
        home_client: user.id_client,
        support: false,
        ip: meta.ip,
        via: 'http' as const,
      }
      await deps.dal.insert(
        {
          id: idOf(token),
          user_id: user.id,
          id_client: user.id_client,
          csrf_token: csrfToken,
          created_at: at,
          last_seen_at: at,
          expires_at: new Date(at.getTime() + Math.min(deps.idleMs, deps.maxMs)),
          ip: meta.ip,
          user_agent: meta.userAgent.slice(0, 512),
        },
        { actor },
      )
      return { token, csrfToken }
    },

    /** The session behind a cookie token; a use of it counts against the idle time-out. */
    resolve: (token: string) => resolveId(idOf(token)),
    resolveId,

    /** Ends a session; a logout (`logout`: the user's own choice) is recorded in the audit log. */
    async end(sessionId: string, logout?: 'logout') {
      await deps.dal.remove(sessionId, logout)
    },

    /** A wrong password for an existing user: recorded in their account's audit log, with the address. */
    async recordFailedLogin(user: UserRow, ip: string) {
      await deps.dal.recordFailedLogin(user, {
        user_id: null,
        email: null,
        id_client: user.id_client,
        home_client: null,
        support: false,
        ip,
        via: 'http',
      })
    },

    /** The user's sessions that still work, newest use first. */
    async list(userId: number, currentSessionId: string): Promise<ActiveSession[]> {
      const at = now().getTime()
      const rows = await deps.dal.listForUser(userId)
      return rows
        .filter((row) => at < deadlineOf(row))
        .map((row) => ({
          id: publicIdOf(row.id),
          current: row.id === currentSessionId,
          created_at: row.created_at.toISOString(),
          last_seen_at: row.last_seen_at.toISOString(),
          ip: row.ip,
          user_agent: row.user_agent,
        }))
    },

    /** Ends one of the user's own sessions by its public id; returns its session id, or null when not theirs. */
    async revoke(userId: number, publicId: string): Promise<string | null> {
      const rows = await deps.dal.listForUser(userId)
      const row = rows.find((candidate) => publicIdOf(candidate.id) === publicId)
      if (!row) return null
      await deps.dal.remove(row.id, 'logout')
      return row.id
    },

    /** Every client account the user may work in, with their type in each (adminus stays adminus). */
    async assignedClients(user: Pick<UserRow, 'id' | 'type'>): Promise<AssignedClient[]> {
      const rows = await deps.dal.listAssignments(user.id)
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        type: userType(user.type === 0 ? 0 : row.type),
      }))
    },

    /**
     * Moves a session to another client account the user is assigned to and may use now. An
     * operator (Adminus) may also switch into any usable client account, on support access: with a
     * reason, recorded in the audit log with the switch out (both in the same transaction as the move).
     */
    async switchClient(sessionId: string, idClient: number, reason?: string): Promise<SwitchResult> {
      const resolution = await resolveId(sessionId)
      if (!resolution?.auth) return switchFailed
      const { auth } = resolution
      const assigned = await deps.dal.listAssignments(auth.user.id)
      const isAssigned = assigned.some((client) => client.id === idClient)
      const support = !isAssigned && isAdminus(auth.homeType)
      if (!isAssigned && !support) return switchFailed
      const why = reason?.trim() ?? ''
      if (support && !why) return { ok: false, code: 'support_reason_required' }
      const client = await deps.dal.findClient(idClient)
      if (!client || accountRefusal(client, now(), deps.mailboxes)) return switchFailed
      await deps.dal.switchSession(sessionId, {
        from: auth.idClient,
        to: idClient,
        leftSupport: auth.supportReason,
        supportReason: support ? why : null,
      })
      return { ok: true, from: auth.idClient, to: idClient }
    },

    /**
     * Checks sessions that hold open sockets: the ones still usable count as used now. Returns
     * the ids that no longer work (ended, timed out, account blocked or expired) and the current
     * client account of the others.
     */
    async checkLive(
      sessionIds: readonly string[],
    ): Promise<{ ended: string[]; clientOf: Map<string, number>; authOf: Map<string, AuthContext> }> {
      const at = now()
      const rows = await deps.dal.findContexts(sessionIds)
      const clientOf = new Map<string, number>()
      const authOf = new Map<string, AuthContext>()
      const stale: string[] = []
      for (const row of rows) {
        const auth = (await contextOf(row, at))?.auth
        if (!auth) continue
        clientOf.set(auth.sessionId, auth.idClient)
        authOf.set(auth.sessionId, auth)
        // As resolve(): last_seen_at is written at most every touchEveryMs, so that a socket
        // request (every history chart asks one) reads the session without writing it.
        if (at.getTime() - row.session.last_seen_at.getTime() > touchEveryMs) stale.push(auth.sessionId)
      }
      await deps.dal.touch(stale, at, idleUntil(at), deps.maxMs)
      return { ended: sessionIds.filter((id) => !clientOf.has(id)), clientOf, authOf }
    },

    /** Deletes sessions past their end (lazily they are also deleted when next presented). */
    purgeExpired: () => deps.dal.removeExpired(now()),
  }
}
export type SessionService = ReturnType<typeof createSessionService>
