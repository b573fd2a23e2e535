import path from 'node:path'
import { type Clock, demoModuleSecretsFile, systemClock } from '@kropla/domain'
import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import pino from 'pino'
import type { Config } from '../config/env'
import { type Database, openDatabase } from '../db/client'
import { migrateDatabase } from '../db/migrate'
import { aboutOf, registerAboutRoutes } from '../features/about/about-routes'
import { seedDemoFarm } from '../features/demo/seed-demo-farm'
import { createWorkGate, defaultWorkLimits, type WorkLimits } from '../features/fairness/work-gate'
import { createTrafficRecorder } from '../features/supervisor/traffic-recorder'
import type { BrokerRights } from '../ingest/broker-rights'
import type { DeviceLoginPolicies } from '../ingest/device-login-throttle'
import type { IngestService } from '../ingest/ingest-service'
import type { MqttTransport } from '../ingest/mqtt-embedded'
import { createLinkOrigin } from '../mail/link-origin'
import type { PlanRuntime } from '../runtime/plan-runtime'
import { buildApp } from './build-app'
import { requireRouteTable } from './route-table'
import { type AccountsOptions, wireAccounts, wireSessions } from './wire-accounts'
import { type Alarms, wireAlarms } from './wire-alarms'
import { wireDashboards } from './wire-dashboards'
import { wireHistory } from './wire-history'
import { startBroker, wireBrokerRights, wireDevices, wireIngest } from './wire-ingest'
import { type IrrigationOptions, wireIrrigation } from './wire-irrigation'
import { wireOperator } from './wire-operator'
import { wireMaintenance, wireOps } from './wire-ops'
import { wireOutbound } from './wire-outbound'
import { wireRealtime } from './wire-realtime'
import { wireReportTemplates } from './wire-report-templates'
import { wireReports } from './wire-reports'
import { wireResources } from './wire-resources'
import { type TestAreaOptions, wireTestArea } from './wire-test-area'
import { wireTestChecks } from './wire-test-checks'
import { wireWeather } from './wire-weather'

export interface RunningServer {
  url: string
  port: number
  mqttPort: number
  database: Database
  ingest: IngestService
  /** Alarm evaluation, the no-data and notification sweep (tests run a sweep at once). */
  alarms: Alarms
  /** Output plans: replan, the runner (leader only), state confirmation. */
  plans: PlanRuntime
  logger: Logger
  close(): Promise<void>
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({ level: config.LOG_LEVEL })
}

/** Test seams: clocks, intervals and thresholds, per area (see the wire-*.ts modules). */
export interface ServerOptions extends AccountsOptions, IrrigationOptions, TestAreaOptions {
  /**
   * The one clock every service reads (the system's by default). Tests move a MovableClock: in
   * process, or through the test-only entry point `src/test/clocked-server.ts` (ADR 0084); no
   * route or setting of the product moves it. `now` (AccountsOptions) is the older seam and wins
   * over it where a test still passes one.
   */
  clock?: Clock
  /** Failed device logins (MQTT CONNECT, HTTP ingest): tests lower the thresholds. */
  deviceLoginPolicies?: Partial<DeviceLoginPolicies>
  /** How often silent modules and undelivered alarm notifications are looked for (default 30 s). */
  alarmSweepMs?: number
  /** The built web app to serve (default apps/web/dist). */
  webRoot?: string
  /**
   * Exact origins (`http://127.0.0.1:port`) exempt from the outbound URL rule (https:, public
   * address): for tests' stand-in push services only; no environment variable sets it.
   */
  outboundAllowedOrigins?: readonly string[]
  /** Expensive reads (history, reports, exports) under way at once per user and per farm (ADR 0086). */
  workLimits?: WorkLimits
  /** How long a user's read may take (ADR 0093; default defaultUserReadTimeoutMs): tests shorten it. */
  userReadTimeoutMs?: number
  /** Called with the HTTP application before any route is added: tests watch every answer's status. */
  watchApp?: (app: FastifyInstance) => void
}

/**
 * The composition root. Starts everything in order: the database (locking the embedded data
 * directory) and its migrations; every service and route, area by area (app/wire-*.ts); HTTP; the
 * MQTT broker; the runtime (commands, manual control, the plan runner); the periodic timers.
 * Returns the handle that stops it in the reverse order without losing what ingest has
 * acknowledged. Integration tests start the server through this same function (test/test-server.ts).
 */
export async function startServer(
  config: Config,
  logger = createLogger(config),
  options: ServerOptions = {},
): Promise<RunningServer> {
  const clock = options.clock ?? systemClock
  const now = options.now ?? (() => clock.now())
  options = {
    ...options,
    now,
    manualControl: { now, ...options.manualControl },
    planRuntime: { now, ...options.planRuntime },
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    userReadTimeoutMs: options.userReadTimeoutMs,
  })
  let broker: MqttTransport | undefined
  let brokerRights: BrokerRights | null = null
  try {
    await migrateDatabase(database)
    if (config.DEMO)
      await seedDemoFarm(database.db, logger, {
        secretsFile: path.join(config.dataDir, demoModuleSecretsFile),
      })

    // Services and routes, area by area; nothing runs on its own yet.
    const app = await buildApp({
      logger,
      webRoot: options.webRoot,
      watch: options.watchApp,
      mapTileUrl: config.MAP_TILE_URL,
    })
    // The shell's own routes are in; every route from here is an entry of the route table.
    requireRouteTable(app)
    const linkOrigin = createLinkOrigin({
      publicUrl: config.PUBLIC_URL,
      allowedHosts: config.ALLOWED_HOSTS,
      listening: () => app.server.address(),
    })
    const auth = wireSessions(database, config, options)
    const realtime = await wireRealtime(app, auth.sessions, config)
    const traffic = createTrafficRecorder(now)
    const devices = wireDevices(database, logger, traffic)
    let httpPort = config.PORT
    const rights = wireBrokerRights(config, { database, logger, httpPort: () => httpPort })
    brokerRights = rights
    const outbound = wireOutbound(config, logger, options.outboundAllowedOrigins)
    const alarms = wireAlarms(app, {
      database,
      config,
      logger,
      realtime,
      outbound,
      linkOrigin,
      now,
      sweepMs: options.alarmSweepMs,
    })
    const forgetModule = (serial: string) => {
      devices.directory.forget(serial)
      alarms.monitor.forget(serial)
      void rights?.changed()
    }
    const irrigation = wireIrrigation(
      app,
      {
        database,
        logger,
        realtime,
        devices: devices.publisher,
        forgetModule,
        onSecret: rights ? (serial, secret) => rights.giveSecrets([{ serial, secret }]) : undefined,
      },
      options,
    )
    registerAboutRoutes(app, { about: aboutOf(config) })
    const { objects } = wireResources(app, {
      database,
      logger,
      realtime,
      devices: devices.publisher,
      attempts: auth.attempts,
      map: config,
      forgetModule,
      now,
    })
    wireDashboards(app, { database, logger, realtime, now })
    wireOperator(app, {
      database,
      realtime,
      forgetModule,
      traffic,
      commands: irrigation.commands,
      externalBroker: Boolean(config.MQTT_URL) && !rights && !config.MQTT_HOOK_TOKEN,
      onSecrets: rights ? (modules) => rights.giveSecrets(modules) : undefined,
      logger,
      now,
    })
    wireReportTemplates(app, { database, logger })
    wireWeather(app, { database, now })
    const work = createWorkGate(options.workLimits ?? defaultWorkLimits)
    wireHistory({ database, logger, realtime, work, now })
    wireReports(app, { database, work, now })
    const testArea = wireTestArea(
      app,
      { database, realtime, manual: irrigation.manual, traffic, logger, now },
      options,
    )
    wireTestChecks(app, {
      database,
      channels: alarms.channels,
      subscriptions: alarms.subscriptions,
      origin: alarms.origin,
      runs: testArea.runs,
      now,
    })
    const accounts = wireAccounts(app, {
      database,
      config,
      logger,
      auth,
      realtime,
      mailer: outbound.mailer,
      linkOrigin,
      replan: (idClient, idSchedule) => irrigation.plans.replan(idClient, idSchedule),
      options,
    })
    const { ingest, deviceLogin } = wireIngest(app, {
      database,
      config,
      logger,
      realtime,
      devices,
      objects,
      irrigation,
      alarms,
      deviceLoginPolicies: options.deviceLoginPolicies,
      traffic,
      now,
    })
    let ready = false
    wireOps(app, { database, ingest, started: () => ready, mqtt: () => Boolean(broker) })

    // HTTP, then the broker (an external broker's session is named after the HTTP port).
    await app.listen({ port: config.PORT, host: config.HOST })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.PORT
    httpPort = port
    await rights?.start()
    broker = await startBroker(config, {
      httpPort: port,
      directory: devices.directory,
      ingest,
      deviceLogin,
      logger,
    })
    devices.publisher.attach(broker)

    // The runtime, once commands can reach modules: the plan runner's first pass runs what came
    // due while nobody led.
    irrigation.start()
    await irrigation.plans.start()

    // Periodic work.
    const maintenance = wireMaintenance(database, logger)
    maintenance?.start()
    accounts.housekeeping.start()
    accounts.auditRetention.start()
    accounts.messagePublication.start()
    alarms.sweep.start()
    await testArea.start()
    ready = true

    let closing: Promise<void> | undefined
    return {
      url: `http://127.0.0.1:${port}`,
      port,
      mqttPort: broker.port,
      database,
      ingest,
      alarms,
      plans: irrigation.plans,
      logger,
      close() {
        closing ??= (async () => {
          ready = false
          logger.info('shutting down: no new work, flushing ingest')
          await maintenance?.stop()
          // Test walks end first, their open output told to close while commands still go out.
          await testArea.stop()
          // No plan is sent once shutdown begins; a run under way closes by its module's own timer.
          await irrigation.plans.stop()
          await ingest.close()
          await irrigation.stop()
          devices.publisher.detach()
          await broker?.close()
          await rights?.stop()
          await app.close()
          await accounts.housekeeping.stop()
          await accounts.auditRetention.stop()
          await accounts.messagePublication.stop()
          await alarms.stop()
          await realtime.close()
          await database.close()
          logger.info('stopped')
        })()
        return closing
      },
    }
  } catch (error) {
    await broker?.close().catch(() => undefined)
    await brokerRights?.stop().catch(() => undefined)
    await database.close().catch(() => undefined)
    throw error
  }
}
