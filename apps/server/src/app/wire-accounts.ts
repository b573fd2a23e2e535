import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../config/env'
import type { Database } from '../db/client'
import { createAuditDal } from '../features/audit/audit-dal'
import { registerAuditRoutes } from '../features/audit/audit-routes'
import { createAuditService } from '../features/audit/audit-service'
import { type AttemptPolicies, createAttemptLimiter } from '../features/auth/attempt-limiter'
import { registerActorHook, registerAuthHooks } from '../features/auth/auth-hooks'
import { registerAuthRoutes } from '../features/auth/auth-routes'
import { createBrowserSessions } from '../features/auth/browser-sessions'
import { createLoginThrottle, type ThrottlePolicies } from '../features/auth/login-throttle'
import { createLoginThrottleDal } from '../features/auth/login-throttle-dal'
import { createSessionDal } from '../features/auth/session-dal'
import { createSessionService } from '../features/auth/session-service'
import { registerClientAccountRoutes } from '../features/clients/client-account-routes'
import { createClientAccountService } from '../features/clients/client-account-service'
import { createDemoLanguage } from '../features/demo/demo-labels'
import { registerInvitationRoutes } from '../features/invitations/invitation-routes'
import { createInvitationService } from '../features/invitations/invitation-service'
import { createMeDal } from '../features/me/me-dal'
import { registerMeRoutes } from '../features/me/me-routes'
import { createMeService } from '../features/me/me-service'
import { createAdminMessagesDal, createUserMessagesDal } from '../features/messages/messages-dal'
import { registerMessagesRoutes } from '../features/messages/messages-routes'
import { createMessagesService, messagePublication } from '../features/messages/messages-service'
import { registerPasswordResetRoutes } from '../features/password-reset/password-reset-routes'
import { createPasswordResetService } from '../features/password-reset/password-reset-service'
import { registerProfileRoutes } from '../features/profile/profile-routes'
import { createProfileService } from '../features/profile/profile-service'
import { registerRegistrationRoutes } from '../features/registration/registration-routes'
import { createRegistrationService } from '../features/registration/registration-service'
import { sessionHousekeeping } from '../features/sessions/session-housekeeping'
import { registerSessionsRoutes } from '../features/sessions/sessions-routes'
import { createAccountUsersService } from '../features/users/account-users-service'
import { registerUserRoutes } from '../features/users/user-routes'
import { createUsersDal } from '../features/users/users-dal'
import type { LinkOrigin } from '../mail/link-origin'
import type { Mailer } from '../mail/mailer'
import type { Realtime } from '../realtime/socket-server'
import { createPeriodic } from './periodic'
import { loadSessionSecret } from './session-secret'

/** Test seams of the accounts area: a clock and lower throttle thresholds. */
export interface AccountsOptions {
  now?: () => Date
  throttlePolicies?: Partial<ThrottlePolicies>
  attemptPolicies?: Partial<AttemptPolicies>
  /** How often sessions and login-failure counters are tidied and stale sockets logged out (default 60 s). */
  housekeepingMs?: number
  /** How often audit log entries past AUDIT_RETENTION_DAYS are deleted (default every hour). */
  auditRetentionMs?: number
}

/**
 * Sessions and the counters that slow guessing (login failures, registration and reset
 * attempts). Wired before everything else: the socket server authenticates with the sessions.
 */
export function wireSessions(database: Database, config: Config, options: AccountsOptions) {
  const secret = loadSessionSecret(config.SESSION_SECRET, config.dataDir)
  const throttleDal = createLoginThrottleDal(database.db)
  return {
    sessions: createSessionService({
      dal: createSessionDal(database.db),
      secret,
      idleMs: config.SESSION_IDLE_HOURS * 3600_000,
      maxMs: config.SESSION_MAX_DAYS * 86_400_000,
      mailboxes: { order: config.ORDER_EMAIL, support: config.SUPPORT_EMAIL },
      now: options.now,
    }),
    throttle: createLoginThrottle({
      dal: throttleDal,
      secret,
      now: options.now,
      policies: options.throttlePolicies,
    }),
    attempts: createAttemptLimiter({
      dal: throttleDal,
      secret,
      now: options.now,
      policies: options.attemptPolicies,
    }),
  }
}
export type SessionsArea = ReturnType<typeof wireSessions>

/**
 * People and their accounts: the session check on every request, login and logout, /api/me,
 * messages, sessions, users, registration, password reset, invitations, profile, client account.
 * Returns the area's periodic work, started with the other timers: session housekeeping and the
 * publication of messages whose time came.
 */
export function wireAccounts(
  app: FastifyInstance,
  deps: {
    database: Database
    config: Config
    logger: Logger
    auth: SessionsArea
    realtime: Realtime
    mailer: Mailer
    /** Where mailed links point: never a request's Host. */
    linkOrigin: LinkOrigin
    /** The planner's replan: schedules moved to another client account are planned there. */
    replan: (idClient: number, idSchedule: number) => Promise<unknown>
    options: AccountsOptions
  },
) {
  const { database, config, logger, realtime, mailer } = deps
  const { sessions, throttle, attempts } = deps.auth
  const db = database.db
  const users = createUsersDal(db)
  const publicUrl = config.PUBLIC_URL
  if (!publicUrl && config.ALLOWED_HOSTS.length === 0)
    logger.warn(
      'Neither PUBLIC_URL nor ALLOWED_HOSTS is set: mailed links name the address the server listens on',
    )
  const endSession = (sessionId: string) => realtime.endSession(sessionId)

  registerAuthHooks(app, sessions)
  registerActorHook(app)
  const auditDal = createAuditDal(db)
  registerAuditRoutes(app, { audit: createAuditService({ dal: auditDal }) })
  const browserSessions = createBrowserSessions({
    sessions,
    secureCookies: publicUrl?.startsWith('https:') ?? false,
    onSessionEnded: endSession,
  })
  // Under DEMO=1 the demo farm is labelled in the language of whoever logs in to it or switches language.
  const demoLanguage = config.DEMO ? createDemoLanguage(db) : undefined
  registerAuthRoutes(app, { users, throttle, browserSessions, onLogin: demoLanguage })
  const messages = createMessagesService({
    mine: createUserMessagesDal(db),
    admin: createAdminMessagesDal(db),
    logger,
    announcer: { toUser: (idUser, event) => realtime.toUser(idUser).emit('user_message', event) },
  })
  registerMeRoutes(app, {
    me: createMeService({
      me: createMeDal(db),
      sessions,
      unreadMessages: (idUser) => messages.unreadCount(idUser),
    }),
  })
  registerMessagesRoutes(app, { messages })
  registerSessionsRoutes(app, { sessions, onSessionEnded: endSession })
  registerUserRoutes(app, {
    users,
    accountUsers: createAccountUsersService({ db, mailer, realtime, logger }),
    browserSessions,
    linkOrigin: deps.linkOrigin,
    onLangChange: demoLanguage,
  })
  registerRegistrationRoutes(app, {
    registration: createRegistrationService({ db, logger }),
    browserSessions,
    attempts,
  })
  registerPasswordResetRoutes(app, {
    passwordReset: createPasswordResetService({ db, mailer, realtime, logger }),
    linkOrigin: deps.linkOrigin,
    attempts,
  })
  registerInvitationRoutes(app, { invitations: createInvitationService({ db }), browserSessions })
  registerProfileRoutes(app, { profile: createProfileService({ users }) })
  registerClientAccountRoutes(app, {
    clientAccount: createClientAccountService({
      db,
      realtime,
      logger,
      onSchedulesMoved: async (idClient, ids) => {
        for (const id of ids) await deps.replan(idClient, id)
      },
    }),
    browserSessions,
  })
  return {
    housekeeping: createPeriodic({
      name: 'session housekeeping',
      everyMs: deps.options.housekeepingMs ?? 60_000,
      logger,
      run: sessionHousekeeping({ sessions, throttle, checkSockets: () => realtime.checkSockets() }),
    }),
    auditRetention: createPeriodic({
      name: 'audit log retention',
      everyMs: deps.options.auditRetentionMs ?? 3_600_000,
      logger,
      run: () => {
        const now = deps.options.now?.() ?? new Date()
        return auditDal.prune(new Date(now.getTime() - config.AUDIT_RETENTION_DAYS * 86_400_000))
      },
    }),
    messagePublication: createPeriodic({
      name: 'message publication',
      everyMs: 30_000,
      logger,
      run: messagePublication(messages, {
        localAnnouncer: {
          toUser: (idUser, event) => realtime.toUserHere(idUser).emit('user_message', event),
        },
      }),
    }),
  }
}
