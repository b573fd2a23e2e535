import { timingSafeEqual } from 'node:crypto'
import { isAdmin, isAdminus } from '@kropla/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from '../../app/http-errors'
import { runAs, runAsRequest } from '../../db/actor-context'
import type { SessionService } from './session-service'

export const sessionCookie = 'kropla_session'
/** Anonymous visitors (the login form) get their CSRF token in this cookie: double-submit. */
export const anonymousCsrfCookie = 'kropla_csrf'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
/**
 * Device ingest authenticates with HTTP Basic and an external broker's hook with its bearer token,
 * not a browser session, so CSRF does not apply.
 */
const csrfExempt = ['/ingest/', '/broker/']
/**
 * GETs that change state all the same: `GET /logout` is the spec's call, so it needs the token
 * too, or any site could log a user out with a link or an <img>.
 */
const csrfGuardedReads = new Set(['/logout'])

/** Whether a request to `url` (path and query) by `method` must carry the CSRF token. */
export function checksCsrf(method: string, url: string): boolean {
  const path = url.split('?')[0]!
  if (safeMethods.has(method) && !csrfGuardedReads.has(path)) return false
  return !csrfExempt.some((prefix) => path.startsWith(prefix))
}

function sameToken(expected: string | undefined, given: unknown): boolean {
  if (!expected || typeof given !== 'string') return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Loads the session behind the cookie into `request.auth` (the effective context: the session's
 * current client account and the user's type in it, see AuthContext), or into
 * `request.refusedSession` when that account is blocked or expired; then refuses any write (and
 * `GET /logout`) that lacks the CSRF token.
 */
export function registerAuthHooks(app: FastifyInstance, sessions: SessionService) {
  app.decorateRequest('auth', null)
  app.decorateRequest('refusedSession', null)
  // Everything a request runs, its session's look-up first, is a person's work (ADR 0093).
  // Its turns at the embedded database are shared with others' by session (or address, without one).
  app.addHook('onRequest', (request, _reply, done) =>
    runAsRequest(request.cookies[sessionCookie] ?? `address:${request.ip}`, done),
  )
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[sessionCookie]
    const resolution = token ? await sessions.resolve(token) : null
    request.auth = resolution?.auth ?? null
    request.refusedSession = resolution?.refused ?? null
    if (!checksCsrf(request.method, request.url)) return
    const expected = request.auth?.csrfToken ?? request.cookies[anonymousCsrfCookie]
    if (!sameToken(expected, request.headers['csrf-token'])) return sendError(request, reply, 'csrf_invalid')
  })
}

/** Answers a request without a usable session: the account's refusal if it has one, else not_authenticated. */
function refuseAnonymous(request: FastifyRequest, reply: FastifyReply) {
  const refused = request.refusedSession
  if (refused) return sendError(request, reply, refused.code, undefined, refused.params)
  return sendError(request, reply, 'not_authenticated')
}

/**
 * preHandler for every route that needs a logged-in user whose current client account is usable
 * (not blocked, not expired). Routes scope their data to `request.auth.idClient`.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return refuseAnonymous(request, reply)
}

/** preHandler for the account administrator's routes: type IN the current account below 2 (spec 01 section 6). */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return refuseAnonymous(request, reply)
  if (!isAdmin(request.auth.type)) return sendError(request, reply, 'access_denied')
}

/** preHandler for the operator's routes (Adminus). */
export async function requireAdminus(request: FastifyRequest, reply: FastifyReply) {
  if (!request.auth) return refuseAnonymous(request, reply)
  if (!isAdminus(request.auth.type)) return sendError(request, reply, 'access_denied')
}

/** The guards above: a route behind one answers 401 without a session and 403 for a refused one. */
export const sessionGuards: ReadonlySet<unknown> = new Set([requireUser, requireAdmin, requireAdminus])

/**
 * Every write made while serving a request is recorded in the audit log as the request's: who
 * (the session's user, or nobody for an anonymous request), the client account they work in, an
 * operator's support access, and the address (db/actor-context.ts). preValidation: after the body
 * is read, so the handler and everything it awaits run in this context.
 */
export function registerActorHook(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const auth = request.auth
    runAs(
      {
        user_id: auth?.user.id ?? null,
        email: auth?.user.email ?? null,
        id_client: auth?.idClient ?? null,
        home_client: auth?.homeClientId ?? null,
        support: (auth?.supportReason ?? null) !== null,
        ip: request.ip,
        via: 'http',
      },
      done,
    )
  })
}
