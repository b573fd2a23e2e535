import pino, { type Logger } from 'pino'
import { z } from 'zod'
import type { Config } from '../config/env'
import { type Database, openDatabase } from '../db/client'
import { startEmbeddedMaintenance } from '../db/maintenance'
import { migrateDatabase } from '../db/migrate'
import { type AlarmsFeature, startAlarms } from '../features/alarms/alarms-feature'
import { type AttemptPolicies, createAttemptLimiter } from '../features/auth/attempt-limiter'
import { registerAuthHooks } from '../features/auth/auth-hooks'
import { registerAuthRoutes } from '../features/auth/auth-routes'
import { createBrowserSessions } from '../features/auth/browser-sessions'
import { createLoginThrottle, type ThrottlePolicies } from '../features/auth/login-throttle'
import { createLoginThrottleDal } from '../features/auth/login-throttle-dal'
import { createSessionDal } from '../features/auth/session-dal'
import { createSessionService } from '../features/auth/session-service'
import { registerClientAccountRoutes } from '../features/clients/client-account-routes'
import { createClientAccountService } from '../features/clients/client-account-service'
import { seedDemoFarm } from '../features/demo/seed-demo-farm'
import { registerInvitationRoutes } from '../features/invitations/invitation-routes'
import { createInvitationService } from '../features/invitations/invitation-service'
import {
  type ManualControlOptions,
  startManualControl,
} from '../features/manual-control/start-manual-control'
import { createMeDal } from '../features/me/me-dal'
import { registerMeRoutes } from '../features/me/me-routes'
import { createMeService } from '../features/me/me-service'
import { registerMessagesRoutes } from '../features/messages/messages-routes'
import { createMessagesService, startMessagePublication } from '../features/messages/messages-service'
import { registerObjectsRoutes } from '../features/objects/objects-routes'
import { createObjectsService } from '../features/objects/objects-service'
import { registerPasswordResetRoutes } from '../features/password-reset/password-reset-routes'
import { createPasswordResetService } from '../features/password-reset/password-reset-service'
import { registerProfileRoutes } from '../features/profile/profile-routes'
import { createProfileService } from '../features/profile/profile-service'
import { registerRegistrationRoutes } from '../features/registration/registration-routes'
import { createRegistrationService } from '../features/registration/registration-service'
import { registerResourceFeatures } from '../features/resource-usage/register-resources'
import { registerScheduleFeatures } from '../features/schedules/register-schedules'
import { resolveScheduleElements } from '../features/schedules/resolve-elements'
import { startSessionHousekeeping } from '../features/sessions/session-housekeeping'
import { registerSessionsRoutes } from '../features/sessions/sessions-routes'
import { createAccountUsersService } from '../features/users/account-users-service'
import { registerUserRoutes } from '../features/users/user-routes'
import { createUsersDal } from '../features/users/users-dal'
import { createDeviceLogin } from '../ingest/device-login'
import { createDeviceLoginThrottle, type DeviceLoginPolicies } from '../ingest/device-login-throttle'
import { createDevicePublisher } from '../ingest/device-publisher'
import { registerHttpIngestRoutes } from '../ingest/http-ingest-routes'
import { createIngestService } from '../ingest/ingest-service'
import { type MqttTransport, startEmbeddedBroker } from '../ingest/mqtt-embedded'
import { connectExternalBroker } from '../ingest/mqtt-external'
import { createObjectDirectory } from '../ingest/object-directory'
import { createMailer } from '../mail/mailer'
import { createOutboundUrlPolicy } from '../outbound/outbound-url-policy'
import { startRealtime } from '../realtime/socket-server'
import { createPlanRuntime, type PlanRuntime, type PlanRuntimeOptions } from '../runtime/plan-runtime'
import { buildApp } from './build-app'
import { registerReadiness } from './readiness'
import { loadSessionSecret } from './session-secret'

export interface RunningServer {
  url: string
  port: number
  mqttPort: number
  database: Database
  ingest: ReturnType<typeof createIngestService>
  /** Alarm evaluation, the no-data and notification sweep (tests run a sweep at once). */
  alarms: AlarmsFeature
  /** Output plans: replan, the runner (leader only), state confirmation. */
  plans: PlanRuntime
  logger: Logger
  close(): Promise<void>
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL })
}

/** Test seams: a clock for sessions and login throttling, how often sessions are tidied, throttle thresholds. */
export interface ServerOptions {
  now?: () => Date
  housekeepingMs?: number
  throttlePolicies?: Partial<ThrottlePolicies>
  attemptPolicies?: Partial<AttemptPolicies>
  /** Failed device logins (MQTT CONNECT, HTTP ingest): tests lower the thresholds. */
  deviceLoginPolicies?: Partial<DeviceLoginPolicies>
  /** Commands and manual control: answer time-out, merge delay, sweep interval. */
  manualControl?: ManualControlOptions
  /** How often silent modules and undelivered alarm notifications are looked for (default 30 s). */
  alarmSweepMs?: number
  /** The plan runner's clock and intervals (tests move the clock and run passes themselves). */
  planRuntime?: Pick<PlanRuntimeOptions, 'now' | 'tickMs' | 'leadRetryMs' | 'firstPassDelayMs'>
  /** The built web app to serve (default apps/web/dist). */
  webRoot?: string
  /**
   * Exact origins (`http://127.0.0.1:port`) exempt from the outbound URL rule (https:, public
   * address): for tests' stand-in push services only; no environment variable sets it.
   */
  outboundAllowedOrigins?: readonly string[]
}

/**
 * Starts everything in order (database and migrations, HTTP, socket.io, MQTT) and returns the
 * handle that stops it in the reverse order without losing what ingest has acknowledged.
 */

export async function startServer(
  config: Config,
  logger = createLogger(config),
  options: ServerOptions = {},
): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir })
  let transport: MqttTransport | undefined
  try {
    await migrateDatabase(database)
    if (config.DEMO) await seedDemoFarm(database.db, logger)

    const secret = loadSessionSecret(config.SESSION_SECRET, config.dataDir)
    const users = createUsersDal(database.db)
    const sessions = createSessionService({
      dal: createSessionDal(database.db),
      secret,
      idleMs: config.SESSION_IDLE_HOURS * 3600_000,
      maxMs: config.SESSION_MAX_DAYS * 86_400_000,
      mailboxes: { order: config.ORDER_EMAIL, support: config.SUPPORT_EMAIL },
      now: options.now,
    })
    const throttle = createLoginThrottle({
      dal: createLoginThrottleDal(database.db),
      secret,
      now: options.now,
      policies: options.throttlePolicies,
    })
    const app = await buildApp({ logger, webRoot: options.webRoot })
    const realtime = await startRealtime(app.server, sessions, {
      redisUrl: config.REDIS_URL,
      publicUrl: config.PUBLIC_URL,
    })
    const directory = createObjectDirectory(database.db)
    const stopMaintenance = startEmbeddedMaintenance(database, logger)
    // Messages to modules; the MQTT transport is attached once it runs (after HTTP listens).
    const devices = createDevicePublisher(logger)
    const objectsService = createObjectsService({
      db: database.db,
      logger,
      // A saved configuration may change thresholds: alarm evaluation reads them again.
      directory: {
        forget: (serial) => {
          directory.forget(serial)
          alarms.monitor.forget(serial)
        },
      },
      devices,
      live: realtime.publisher,
    })
    // Commands to modules and manual control; `manualControl.commands` is the CommandService.
    const manualControl = startManualControl(
      app,
      { database, devices, realtime, logger },
      options.manualControl,
    )
    // Output plans: sent through the command service, confirmed from up/state; runs under the lead.
    const plans = createPlanRuntime({
      database,
      logger,
      commands: manualControl.commands,
      events: {
        changed: (idClient, rows) => realtime.toClient(idClient).emit('outputs_plans', rows),
        deleted: (idClient, ids) => realtime.toClient(idClient).emit('deleted_outputs_plans', { ids }),
      },
      resolveElements: resolveScheduleElements,
      ...options.planRuntime,
    })
    const ingest = createIngestService({
      database,
      directory,
      publisher: realtime.publisher,
      logger,
      flushMs: config.INGEST_FLUSH_MS,
      // An acknowledged id is a configuration (objects) or a command; each settles only its own.
      onAck: async (object, ack) => [
        ...(await objectsService.acknowledge(object, ack)),
        ...(await manualControl.commands.acknowledge(object, ack)),
      ],
      onState: async (object, state, receivedAt) => {
        await manualControl.manual.confirmFromState(object, state, receivedAt)
        await plans.confirmPlansFromState(object, state, receivedAt)
      },
      onReadings: (object, readings) => alarms.monitor.onReadings(object, readings),
    })

    let ready = false
    registerAuthHooks(app, sessions)
    app.get(
      '/healthz',
      { schema: { tags: ['ops'], response: { 200: z.object({ status: z.literal('ok') }) } } },
      async () => ({
        status: 'ok' as const,
      }),
    )
    registerReadiness(app, {
      pool: database.pool,
      started: () => ready,
      mqtt: () => Boolean(transport),
      ingestWriteFailure: () => ingest.writeFailure(),
    })
    const browserSessions = createBrowserSessions({
      sessions,
      secureCookies: config.PUBLIC_URL?.startsWith('https:') ?? false,
      onSessionEnded: (sessionId) => realtime.endSession(sessionId),
    })
    registerAuthRoutes(app, { users, throttle, browserSessions })
    const messages = createMessagesService({
      db: database.db,
      logger,
      announcer: { toUser: (idUser, event) => realtime.toUser(idUser).emit('user_message', event) },
    })
    registerMeRoutes(app, {
      me: createMeService({
        me: createMeDal(database.db),
        sessions,
        unreadMessages: (idUser) => messages.unreadCount(idUser),
      }),
    })
    registerMessagesRoutes(app, { messages })
    registerSessionsRoutes(app, { sessions, onSessionEnded: (sessionId) => realtime.endSession(sessionId) })
    // Accounts: registration, password reset, invitations, users, profile, client account.
    const db = database.db
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      logger,
    })
    if (!config.PUBLIC_URL) logger.warn('PUBLIC_URL is not set: mailed links take the address of the request')
    const publicUrl = config.PUBLIC_URL
    const alarms = startAlarms(app, {
      pool: database.pool,
      realtime,
      mailer,
      settings: config,
      logger,
      outboundUrls: createOutboundUrlPolicy({ allowedOrigins: options.outboundAllowedOrigins }),
      now: options.now,
      sweepMs: options.alarmSweepMs,
    })
    const accountUsers = createAccountUsersService({ db, mailer, realtime, logger })
    registerUserRoutes(app, { users, accountUsers, browserSessions, publicUrl })
    const attempts = createAttemptLimiter({
      dal: createLoginThrottleDal(database.db),
      secret,
      now: options.now,
      policies: options.attemptPolicies,
    })
    registerRegistrationRoutes(app, {
      registration: createRegistrationService({ db, logger }),
      browserSessions,
      attempts,
    })
    registerPasswordResetRoutes(app, {
      passwordReset: createPasswordResetService({ db, mailer, realtime, logger }),
      publicUrl,
      attempts,
    })
    registerInvitationRoutes(app, { invitations: createInvitationService({ db }), browserSessions })
    registerProfileRoutes(app, { profile: createProfileService({ db }) })
    registerClientAccountRoutes(app, {
      clientAccount: createClientAccountService({
        db,
        realtime,
        logger,
        onSchedulesMoved: async (idClient, ids) => {
          for (const id of ids) await plans.replan(idClient, id)
        },
      }),
      browserSessions,
    })
    registerResourceFeatures(app, { db, logger })
    registerScheduleFeatures(app, {
      db,
      logger,
      onPlansDeleted: (idClient, ids) => realtime.toClient(idClient).emit('deleted_outputs_plans', { ids }),
      onScheduleChanged: (idClient, idSchedule) => plans.replan(idClient, idSchedule),
    })
    registerObjectsRoutes(app, { objects: objectsService, attempts })
    // Failed device logins slow further ones (in memory, per process); with an external broker
    // only HTTP ingest logs modules in here, the broker authenticates MQTT itself.
    const deviceLogin = createDeviceLogin({
      directory,
      throttle: createDeviceLoginThrottle({ policies: options.deviceLoginPolicies }),
      countRejection: (serial, rejections) => ingest.countRejection(serial, rejections),
    })
    registerHttpIngestRoutes(app, {
      ingest,
      login: deviceLogin,
      pendingCommands: async (object) => [
        ...(await objectsService.pendingCommands(object)),
        ...(await manualControl.commands.pendingCommands(object)),
      ],
    })

    await app.listen({ port: config.PORT, host: config.HOST })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.PORT
    transport = config.MQTT_URL
      ? await connectExternalBroker({
          url: config.MQTT_URL,
          sessionName: String(port),
          directory,
          ingest,
          logger,
        })
      : await startEmbeddedBroker({
          port: config.MQTT_PORT,
          host: config.HOST,
          directory,
          ingest,
          login: deviceLogin,
          logger,
        })
    devices.attach(transport)
    manualControl.start()
    // After the broker runs and commands can be sent: the first pass runs what came due while nobody led.
    await plans.start()
    const messagePublication = startMessagePublication(messages, {
      localAnnouncer: { toUser: (idUser, event) => realtime.toUserHere(idUser).emit('user_message', event) },
      logger,
    })
    const housekeeping = startSessionHousekeeping({
      sessions,
      throttle,
      checkSockets: () => realtime.checkSockets(),
      logger,
      everyMs: options.housekeepingMs ?? 60_000,
    })
    ready = true

    let closing: Promise<void> | undefined
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      mqttPort: transport.port,
      database,
      ingest,
      alarms,
      plans,
      logger,
      close() {
        closing ??= (async () => {
          ready = false
          logger.info('shutting down: no new work, flushing ingest')
          stopMaintenance()
          // No plan is sent once shutdown begins; a run under way closes by its module's own timer.
          await plans.stop()
          await ingest.close()
          await manualControl.stop()
          devices.detach()
          await transport?.close()
          await app.close()
          await housekeeping.stop()
          await messagePublication.stop()
          await alarms.stop()
          await realtime.close()
          await database.close()
          logger.info('stopped')
        })()
        return closing
      },
    }
  } catch (error) {
    await transport?.close().catch(() => undefined)
    await database.close().catch(() => undefined)
    throw error
  }
}
