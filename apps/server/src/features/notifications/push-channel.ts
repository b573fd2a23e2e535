import type { Logger } from 'pino'
import webPush from 'web-push'
import { type OutboundUrlPolicy, OutboundUrlRefused } from '../../outbound/outbound-url-policy'
import type { PushSubscriptionsDal } from '../push/push-subscriptions-dal'
import type { VapidKeys } from '../push/vapid-keys'
import type { NotificationChannel } from './channels'

/** How long a push service may take to answer before the attempt counts as failed. */
const pushTimeoutMs = 20_000
/** How long a push service keeps a message for a browser that is offline. */
const pushTtlSeconds = 24 * 3600

/**
 * Alarm notifications by Web Push to every browser the user subscribed. `web-push` signs (VAPID)
 * and encrypts (aes128gcm) the message; it is POSTed through the outbound URL policy, which checks
 * the endpoint again now (https:, public address: DNS can change since it was subscribed).
 * A 404 or 410 answer means the subscription is gone: it is removed, and so is one the policy refuses. Without any subscription the
 * notification is skipped; it counts as sent when one browser's push service took it.
 */
export function createPushChannel(deps: {
  subscriptions: PushSubscriptionsDal
  vapid: () => Promise<VapidKeys>
  subject: string
  logger: Logger
  endpoints: OutboundUrlPolicy
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
          const answer = await deps.endpoints.send(request.endpoint, {
            method: request.method,
            headers: Object.fromEntries(
              Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
            ),
            body: request.body ?? undefined,
            timeoutMs: pushTimeoutMs,
          })
          if (answer.status >= 200 && answer.status < 300) delivered++
          else if (answer.status === 404 || answer.status === 410) {
            gone++
            await deps.subscriptions.forget(subscription.endpoint)
            deps.logger.info({ user: recipient.id, status: answer.status }, 'push subscription gone: removed')
          } else failures.push(`push service answered ${answer.status}`)
        } catch (error) {
          if (error instanceof OutboundUrlRefused) {
            // Never sent to an address the server must not call; the browser subscribes afresh.
            gone++
            await deps.subscriptions.forget(subscription.endpoint)
            deps.logger.warn({ user: recipient.id, reason: error.message }, 'push endpoint refused: removed')
          } else failures.push(error instanceof Error ? error.message : String(error))
        }
      }
      if (delivered > 0) return { status: 'sent' }
      if (gone === subscriptions.length) return { status: 'skipped', reason: 'push subscriptions expired' }
      throw new Error(failures.join('; '))
    },
  }
}
