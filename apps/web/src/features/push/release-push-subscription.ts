import type { ApiClient } from '../../lib/api'
import { withdrawPushSubscription } from './push-api'
import { findPushRegistration, isPushSupported } from './push-platform'

/**
 * Signing out of this browser stops its alarm pushes: the subscription is withdrawn from the
 * server (while the session still allows it) and from the browser's push service, so the next
 * person to use this browser is not shown the account's alarms. Never fails: a logout goes on.
 */
export async function releasePushSubscription(api: ApiClient): Promise<void> {
  if (!isPushSupported()) return
  try {
    const registration = await findPushRegistration()
    const subscription = registration ? await registration.pushManager.getSubscription() : null
    if (!subscription) return
    const { endpoint } = subscription
    await subscription.unsubscribe()
    await withdrawPushSubscription(api, endpoint)
  } catch {
    // Unsubscribed in the browser at least: the push service refuses further pushes, and the
    // server forgets the subscription at its next alarm (404/410).
  }
}
