import type { FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import type { Config } from '../config/env'
import type { Database } from '../db/client'
import { createAlarmEvents } from '../features/alarms/alarm-events'
import { createAlarmMonitor } from '../features/alarms/alarm-monitor'
import { createAlarmsDal } from '../features/alarms/alarms-dal'
import { registerAlarmsRoutes } from '../features/alarms/alarms-routes'
import { createAlarmsService } from '../features/alarms/alarms-service'
import { createAlarmNotifier } from '../features/notifications/alarm-notifier'
import { createNotificationChannels } from '../features/notifications/notification-channels'
import { createNotificationsDal } from '../features/notifications/notifications-dal'
import { registerPushRoutes } from '../features/push/push-routes'
import { createPushTester } from '../features/push/push-test'
import type { LinkOrigin } from '../mail/link-origin'
import type { Realtime } from '../realtime/socket-server'
import { createPeriodic } from './periodic'
import type { Outbound } from './wire-outbound'

/** How often silent modules and undelivered notifications are looked for. */
const defaultSweepMs = 30_000

/**
 * Alarms and their notifications: the routes (alarms, push subscriptions), the evaluation of new
 * readings (ingest's onReadings), and the sweep that raises `no_data` and retries pending
 * notifications (`sweep.start()` with the other timers; `stop()` before the database closes).
 */
export function wireAlarms(
  app: FastifyInstance,
  deps: {
    database: Database
    config: Config
    logger: Logger
    realtime: Pick<Realtime, 'toClient'>
    outbound: Outbound
    /** Where the notices' links point (PUBLIC_URL, the first ALLOWED_HOSTS, the address listened on). */
    linkOrigin: LinkOrigin
    now?: () => Date
    sweepMs?: number
  },
) {
  const { pool } = deps.database
  const now = deps.now ?? (() => new Date())
  const logger = deps.logger.child({ feature: 'alarms' })
  const dal = createAlarmsDal(pool)
  const events = createAlarmEvents({ dal, realtime: deps.realtime })
  const { channels, subscriptions, vapid, pushSender } = createNotificationChannels({
    pool,
    mailer: deps.outbound.mailer,
    settings: deps.config,
    logger,
    endpoints: deps.outbound.outboundUrls,
  })
  const origin = () => deps.linkOrigin.standing()
  const notifier = createAlarmNotifier({ dal: createNotificationsDal(pool), channels, origin, logger, now })
  const monitor = createAlarmMonitor({ dal, events, notifier, logger, now })
  registerAlarmsRoutes(app, { alarms: createAlarmsService({ dal, events, now }) })
  registerPushRoutes(app, {
    subscriptions,
    vapidPublicKey: async () => (await vapid()).publicKey,
    endpoints: deps.outbound.outboundUrls,
    tester: createPushTester({ sender: pushSender, now }),
  })
  /** One sweep: silent modules, then notifications left pending. */
  const sweep = createPeriodic({
    name: 'alarm sweep',
    everyMs: deps.sweepMs ?? defaultSweepMs,
    logger,
    run: async () => {
      const raised = await monitor.sweepNoData()
      const retried = await notifier.sweep()
      return { raised: raised.length, retried }
    },
  })

  return {
    monitor,
    notifier,
    /** The notification channels and the origin links point to, for the profile's test messages. */
    channels,
    subscriptions,
    origin,
    /** The no-data and notification sweep: `start()` with the timers, `runNow()` in tests. */
    sweep,
    /** Stops the sweep and waits for evaluations and notifications under way. */
    async stop() {
      await sweep.stop()
      await monitor.idle()
    },
  }
}
export type Alarms = ReturnType<typeof wireAlarms>
