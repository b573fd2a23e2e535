import type pg from 'pg'
import type { Logger } from 'pino'
import { createAppSecrets } from '../../db/app-secrets'
import type { Mailer } from '../../mail/mailer'
import type { OutboundUrlPolicy } from '../../outbound/outbound-url-policy'
import { createPushSubscriptionsDal } from '../push/push-subscriptions-dal'
import { loadVapidKeys, type VapidKeys } from '../push/vapid-keys'
import type { NotificationChannel } from './channels'
import { createEmailChannel } from './email-channel'
import { createPushChannel, type PushSender } from './push-channel'
import { createHttpSmsProvider, createSmsChannel, createSmsOutbox } from './sms-channel'

export interface ChannelSettings {
  SMS_URL?: string
  SMS_TOKEN?: string
  VAPID_SUBJECT: string
  dataDir: string
}

/**
 * The three channels as configured: mail through the mailer, SMS through the HTTP provider at
 * SMS_URL (else the SMS outbox), Web Push signed with the VAPID keys kept in app_secrets.
 */
export function createNotificationChannels(deps: {
  pool: pg.Pool
  mailer: Mailer
  settings: ChannelSettings
  logger: Logger
  endpoints: OutboundUrlPolicy
}) {
  const subscriptions = createPushSubscriptionsDal(deps.pool)
  let vapidKeys: Promise<VapidKeys> | undefined
  /** Read (or generated and stored) on first use; a failed read is tried again next time. */
  const vapid = () => {
    vapidKeys ??= loadVapidKeys(createAppSecrets(deps.pool)).catch((error: unknown) => {
      vapidKeys = undefined
      throw error
    })
    return vapidKeys
  }
  const smsProvider = deps.settings.SMS_URL
    ? createHttpSmsProvider(deps.settings.SMS_URL, deps.settings.SMS_TOKEN)
    : createSmsOutbox(deps.settings.dataDir, deps.logger)
  const pushSender: PushSender = {
    subscriptions,
    vapid,
    subject: deps.settings.VAPID_SUBJECT,
    logger: deps.logger,
    endpoints: deps.endpoints,
  }
  const channels: NotificationChannel[] = [
    createEmailChannel(deps.mailer),
    createSmsChannel(smsProvider),
    createPushChannel(pushSender),
  ]
  return { channels, subscriptions, vapid, pushSender }
}
