import type { Logger } from 'pino'
import webPush from 'web-push'
import type { PushSubscriptionsDal } from '../push/push-subscriptions-dal'
import type { VapidKeys } from '../push/vapid-keys'
import type { NotificationChannel } from './channels'

/** How long a push service may take to answer before the attempt counts as failed. */
const pushTimeoutMs = 20_000
/** How long a push service keeps a message for a browser that is offline. */
const pushTtlSeconds = 24 * 3600

/**
 * Alarm notifications by Web Push to every browser the user subscribed. `web-push` signs (VAPID)
 * and encrypts (aes128gcm) the message; it is POSTed with fetch, which speaks http: and https:.
 * A 404 or 410 answer means the subscription is gone: it is removed. Without any subscription the
 * notification is skipped; it counts as sent when one browser's push service took it.
 */
export function createPushChannel(deps: {
  subscriptions: PushSubscriptionsDal
  vapid: () => Promise<VapidKeys>
  subject: string
  logger: Logger
}): NotificationChannel {
  return {
    name: 'push',
    async deliver(recipient, message) {
      const subscriptions = await deps.subscriptions.ofUser(recipient.id)
      if (subscriptions.length === 0) return { status: 'skipped', reason: 'no push subscription' }
      const keys = await deps.vapid()
      const payload = JSON.stringify(message.push)
      let delivered = 0
      let gone = 0
      const failures: string[] = []
      for (const subscription of subscriptions) {
        let request: ReturnType<typeof webPush.generateRequestDetails>
        try {
          request = webPush.generateRequestDetails(subscription, payload, {
            vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: pushTtlSeconds,
            urgency: 'high',
            topic: message.push.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
          })
        } catch (error) {
          // Keys no push service could ever decrypt with: the subscription can never work.
          gone++
          await deps.subscriptions.forget(subscription.endpoint)
          deps.logger.info({ user: recipient.id, err: error }, 'unusable push subscription: removed')
          continue
        }
        try {
          const answer = await fetch(request.endpoint, {
            method: request.method,
            headers: Object.fromEntries(
              Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
            ),
            body: request.body ?? undefined,
            signal: AbortSignal.timeout(pushTimeoutMs),
          })
          if (answer.ok) delivered++
          else if (answer.status === 404 || answer.status === 410) {
            gone++
            await deps.subscriptions.forget(subscription.endpoint)
            deps.logger.info({ user: recipient.id, status: answer.status }, 'push subscription gone: removed')
          } else failures.push(`push service answered ${answer.status}`)
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error))
        }
      }
      if (delivered > 0) return { status: 'sent' }
      if (gone === subscriptions.length) return { status: 'skipped', reason: 'push subscriptions expired' }
      throw new Error(failures.join('; '))
    },
  }
}
