import { pickLang } from '@kropla/i18n'
import type { Logger } from 'pino'
import { alarmMessage } from './alarm-notice'
import type { NotificationChannel, NotificationChannelName, Recipient } from './channels'
import type {
  NotificationKey,
  NotificationsDal,
  PendingNotification,
  RecipientRow,
} from './notifications-dal'

/** A failed delivery is tried again after 1, 2, 4, 8 minutes (counted from the activation), then given up. */
export const retryBaseMs = 60_000
export const maxAttempts = 5
/** A delivery that has not finished within this long counts as failed; shorter than any retry gap. */
const deliveryTimeoutMs = 45_000

/** When a pending row that has had `attempts` attempts may be tried again. */
export function retryDueAt(createdAt: Date, attempts: number): Date {
  return new Date(createdAt.getTime() + retryBaseMs * (2 ** attempts - 1))
}

const chosen = (row: RecipientRow): NotificationChannelName[] => [
  ...(row.notify_email ? (['email'] as const) : []),
  ...(row.notify_sms ? (['sms'] as const) : []),
  ...(row.notify_app ? (['push'] as const) : []),
]

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Delivers each alarm activation once per user and chosen channel. The row in alarm_notifications
 * is inserted (on conflict nothing) before anything is sent, and only the process that inserted it
 * sends; a row still pending after a failure or a crash is retried by the sweep, which claims it
 * first (its attempt count must be unchanged), and a row once `sent` is never sent again.
 */
export function createAlarmNotifier(deps: {
  dal: NotificationsDal
  channels: readonly NotificationChannel[]
  /** The address links start with: PUBLIC_URL, or the server's own address. */
  origin: () => string
  logger: Logger
  now: () => Date
}) {
  const channels = new Map(deps.channels.map((channel) => [channel.name, channel]))

  async function deliver(key: NotificationKey, attempt: number) {
    const channel = channels.get(key.channel)
    const notice = await deps.dal.notice(key.idAlarm)
    const recipientRow = (notice ? await deps.dal.recipientsOf(notice.idClient, deps.now()) : []).find(
      (row) => row.id === key.idUser,
    )
    if (!channel || !notice || !recipientRow) {
      await deps.dal.settle(key, 'skipped', deps.now(), 'no longer a recipient')
      return
    }
    const recipient: Recipient = {
      id: recipientRow.id,
      email: recipientRow.email,
      phone: recipientRow.phone,
      lang: pickLang([recipientRow.lang]),
      timeZone: recipientRow.time_zone,
      temperatureUnit: recipientRow.temperature_unit === 'F' ? 'F' : 'C',
      dateFormat: recipientRow.date_format,
    }
    const message = alarmMessage(recipient, notice, deps.origin())
    try {
      const result = await withTimeout(channel.deliver(recipient, message), deliveryTimeoutMs)
      if (result.status === 'sent') await deps.dal.settle(key, 'sent', deps.now(), null)
      else await deps.dal.settle(key, 'skipped', deps.now(), result.reason)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      const final = attempt >= maxAttempts
      deps.logger.warn({ err: error, ...key, attempt, final }, 'alarm notification not delivered')
      await deps.dal.settle(key, final ? 'failed' : 'pending', deps.now(), reason)
    }
  }

  return {
    /**
     * A new activation: one row per user of the owning account and chosen channel, then the sends
     * (nobody of a blocked or expired account).
     */
    async notify(idAlarm: number, idClient: number) {
      const recipients = await deps.dal.recipientsOf(idClient, deps.now())
      const keys = recipients.flatMap((row) =>
        chosen(row).map((channel) => ({ idAlarm, idUser: row.id, channel })),
      )
      const claimed = await deps.dal.claimNew(keys, deps.now())
      await Promise.all(claimed.map((key) => deliver(key, 1)))
      return claimed.length
    },

    /** Retries the pending rows that are due (failed earlier, or left behind by a crash). */
    async sweep() {
      const now = deps.now()
      const due = (await deps.dal.pending(200)).filter(
        (row: PendingNotification) => retryDueAt(row.createdAt, row.attempts) <= now,
      )
      let retried = 0
      for (const row of due) {
        if (row.attempts >= maxAttempts) {
          await deps.dal.settle(row, 'failed', now, 'gave up')
          continue
        }
        if (!(await deps.dal.claimRetry(row))) continue
        retried++
        await deliver(row, row.attempts + 1)
      }
      return retried
    },
  }
}
export type AlarmNotifier = ReturnType<typeof createAlarmNotifier>
