import { pushSubscriptionSchema } from '@kropla/domain'
import { useEffect } from 'react'
import { usePushCalls } from './push-api'
import { findPushRegistration, isPushSupported } from './push-platform'

/**
 * This browser's alarm pushes belong to whoever is signed in here. When the app starts for a user
 * and the browser is subscribed already (switched on by them before, or by someone whose session
 * ended without a logout), the subscription is handed to the server again for this user: the
 * server gives an endpoint to its last subscriber, so the previous user's alarms stop coming here
 * and the switch in the profile tells the truth. Failures change nothing.
 */
export function usePushOwnership(userId: number) {
  const push = usePushCalls()
  // biome-ignore lint/correctness/useExhaustiveDependencies: handed over again whenever another user signs in
  useEffect(() => {
    if (!isPushSupported() || Notification.permission !== 'granted') return
    void (async () => {
      const registration = await findPushRegistration()
      const subscription = registration ? await registration.pushManager.getSubscription() : null
      const parsed = pushSubscriptionSchema.safeParse(subscription?.toJSON())
      if (parsed.success) await push.subscribe(parsed.data)
    })().catch(() => undefined)
  }, [push, userId])
}
