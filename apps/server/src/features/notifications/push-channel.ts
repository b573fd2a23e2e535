import type { Logger } from 'pino'
import webPush from 'web-push'
import { type OutboundUrlPolicy, OutboundUrlRefused } from '../../outbound/outbound-url-policy'
import type { PushSubscriptionsDal, StoredPushSubscription } from '../push/push-subscriptions-dal'
import type { VapidKeys } from '../push/vapid-keys'
import type { NotificationChannel } from './channels'

/** How long a push service may take to answer before the attempt counts as failed. */
const pushTimeoutMs = 20_000
/** How long a push service keeps a message for a browser that is offline. */
const pushTtlSeconds = 24 * 3600

/** What one push to one browser came to: taken, gone (removed now), or failed with a reason. */
export type PushOutcome = { status: 'delivered' } | { status: 'gone' } | { status: 'failed'; reason: string }

export interface PushSender {
  subscriptions: PushSubscriptionsDal
  vapid: () => Promise<VapidKeys>
  subject: string
  logger: Logger
  endpoints: OutboundUrlPolicy
}

/**
 * One push to one browser subscription: signed and encrypted by `web-push`, POSTed through the
 * outbound URL policy. A subscription that can never work (bad keys, 404/410, a refused address)
 * is removed.
 */
export async function sendPush(
  deps: PushSender,
  userId: number,
  subscription: StoredPushSubscription,
  push: { title: string; body: string; url: string; tag: string },
): Promise<PushOutcome> {
  const keys = await deps.vapid()
  let request: ReturnType<typeof webPush.generateRequestDetails>
  try {
    request = webPush.generateRequestDetails(subscription, JSON.stringify(push), {
      vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: pushTtlSeconds,
      urgency: 'high',
      topic: push.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
    })
  } catch (error) {
    // Keys no push service could ever decrypt with: the subscription can never work.
    await deps.subscriptions.forget(subscription.endpoint)
    deps.logger.info({ user: userId, err: error }, 'unusable push subscription: removed')
    return { status: 'gone' }
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
    if (answer.status >= 200 && answer.status < 300) return { status: 'delivered' }
    if (answer.status === 404 || answer.status === 410) {
      await deps.subscriptions.forget(subscription.endpoint)
      deps.logger.info({ user: userId, status: answer.status }, 'push subscription gone: removed')
      return { status: 'gone' }
    }
    return { status: 'failed', reason: `push service answered ${answer.status}` }
  } catch (error) {
    if (error instanceof OutboundUrlRefused) {
      // Never sent to an address the server must not call; the browser subscribes afresh.
      await deps.subscriptions.forget(subscription.endpoint)
      deps.logger.warn({ user: userId, reason: error.message }, 'push endpoint refused: removed')
      return { status: 'gone' }
    }
    return { status: 'failed', reason: error instanceof Error ? error.message : String(error) }
  }
}

/**
 * Alarm notifications by Web Push to every browser the user subscribed (`sendPush` each). Without
 * any subscription the notification is skipped; it counts as sent when one browser's push service
 * took it.
 */
export function createPushChannel(deps: PushSender): NotificationChannel {
  return {
    name: 'push',
    async deliver(recipient, message) {
      const subscriptions = await deps.subscriptions.ofUser(recipient.id)
      if (subscriptions.length === 0) return { status: 'skipped', reason: 'no push subscription' }
      let delivered = 0
      let gone = 0
      const failures: string[] = []
      for (const subscription of subscriptions) {
        const outcome = await sendPush(deps, recipient.id, subscription, message.push)
        if (outcome.status === 'delivered') delivered++
        else if (outcome.status === 'gone') gone++
        else failures.push(outcome.reason)
      }
      if (delivered > 0) return { status: 'sent' }
      if (gone === subscriptions.length) return { status: 'skipped', reason: 'push subscriptions expired' }
      throw new Error(failures.join('; '))
    },
  }
}
