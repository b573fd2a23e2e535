import type { FastifyInstance } from 'fastify'
import type pg from 'pg'
import type { Logger } from 'pino'
import type { Mailer } from '../../mail/mailer'
import type { OutboundUrlPolicy } from '../../outbound/outbound-url-policy'
import type { Realtime } from '../../realtime/socket-server'
import { createAlarmNotifier } from '../notifications/alarm-notifier'
import { type ChannelSettings, createNotificationChannels } from '../notifications/notification-channels'
import { createNotificationsDal } from '../notifications/notifications-dal'
import { registerPushRoutes } from '../push/push-routes'
import { createAlarmEvents } from './alarm-events'
import { createAlarmMonitor } from './alarm-monitor'
import { createAlarmsDal } from './alarms-dal'
import { registerAlarmsRoutes } from './alarms-routes'
import { createAlarmsService } from './alarms-service'

/** How often silent modules and undelivered notifications are looked for. */
const defaultSweepMs = 30_000

/**
 * Alarms and their notifications: the routes, the evaluation of new readings (ingest's
 * onReadings), and the sweep that raises `no_data` and retries pending notifications. Register
 * before the server listens; `stop()` before the database closes.
 */
export function startAlarms(
  app: FastifyInstance,
  deps: {
    pool: pg.Pool
    realtime: Pick<Realtime, 'toClient'>
    mailer: Mailer
    settings: ChannelSettings & { PUBLIC_URL?: string }
    logger: Logger
    /** The rule for user-given URLs (push endpoints) the server calls. */
    outboundUrls: OutboundUrlPolicy
    now?: () => Date
    sweepMs?: number
  },
) {
  const now = deps.now ?? (() => new Date())
  const logger = deps.logger.child({ feature: 'alarms' })
  const dal = createAlarmsDal(deps.pool)
  const events = createAlarmEvents({ dal, realtime: deps.realtime })
  const { channels, subscriptions, vapid } = createNotificationChannels({
    pool: deps.pool,
    mailer: deps.mailer,
    settings: deps.settings,
    logger,
    endpoints: deps.outboundUrls,
  })
  /** PUBLIC_URL, otherwise the address this server listens on. */
  const origin = () => {
    if (deps.settings.PUBLIC_URL) return deps.settings.PUBLIC_URL
    const address = app.server.address()
    return `http://localhost:${typeof address === 'object' && address ? address.port : 80}`
  }
  const notifier = createAlarmNotifier({
    dal: createNotificationsDal(deps.pool),
    channels,
    origin,
    logger,
    now,
  })
  const monitor = createAlarmMonitor({ pool: deps.pool, dal, events, notifier, logger, now })
  registerAlarmsRoutes(app, { alarms: createAlarmsService({ dal, events, now }) })
  registerPushRoutes(app, {
    subscriptions,
    vapidPublicKey: async () => (await vapid()).publicKey,
    endpoints: deps.outboundUrls,
  })

  /** One sweep: silent modules, then notifications left pending. */
  async function sweep() {
    const raised = await monitor.sweepNoData()
    const retried = await notifier.sweep()
    return { raised: raised.length, retried }
  }
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(sweep).catch((error) => logger.error({ err: error }, 'alarm sweep failed'))
  }, deps.sweepMs ?? defaultSweepMs)
  timer.unref()

  return {
    monitor,
    notifier,
    /** Runs one sweep now (after any running one). */
    sweep(): Promise<{ raised: number; retried: number }> {
      const next = running.then(sweep)
      running = next.catch(() => undefined)
      return next
    },
    /** Stops the sweep and waits for evaluations and notifications under way. */
    async stop() {
      clearInterval(timer)
      await running
      await monitor.idle()
    },
  }
}
export type AlarmsFeature = ReturnType<typeof startAlarms>
