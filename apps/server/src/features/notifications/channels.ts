import type { Lang } from '@kropla/i18n'
import type { AlarmMessage } from './alarm-notice'

/** Channels a user chooses in their profile: notify_email, notify_sms, notify_app (Web Push). */
export const notificationChannels = ['email', 'sms', 'push'] as const
export type NotificationChannelName = (typeof notificationChannels)[number]

/** A user to notify, as the notification needs them. */
export interface Recipient {
  id: number
  email: string
  phone: string
  lang: Lang
  timeZone: string | null
  temperatureUnit: 'C' | 'F'
  dateFormat: string
}

/**
 * `sent`: handed to the provider; `skipped`: cannot be sent and never will (no phone number, no
 * push subscription), with the reason kept in the row. A failure to retry throws.
 */
export type DeliveryResult = { status: 'sent' } | { status: 'skipped'; reason: string }

export interface NotificationChannel {
  name: NotificationChannelName
  deliver(recipient: Recipient, message: AlarmMessage): Promise<DeliveryResult>
}
