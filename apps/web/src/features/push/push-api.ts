import { pushRoutes, pushSubscriptionSchema } from '@kropla/domain'
import { useMemo } from 'react'
import { useApi } from '../../app/api-context'
import type { ApiClient } from '../../lib/api'
import { callRoute } from '../../lib/call-route'

/**
 * The push calls: the server's VAPID key, and this browser's subscription handed to the server or
 * withdrawn from it. Not queries (nothing is cached): the push hooks call them in their own order
 * with the browser's push service.
 */
export function usePushCalls() {
  const api = useApi()
  return useMemo(
    () => ({
      /** GET /api/push/vapid_public_key. */
      vapidKey: () => callRoute(api, pushRoutes.vapidKey),
      /** POST /api/push/subscriptions: the subscription (a PushSubscription's JSON), checked by its schema first. */
      subscribe: (subscription: unknown) =>
        callRoute(api, pushRoutes.subscribe, { body: pushSubscriptionSchema.parse(subscription) }),
      /** DELETE /api/push/subscriptions. */
      unsubscribe: (endpoint: string) => withdrawPushSubscription(api, endpoint),
    }),
    [api],
  )
}

/** DELETE /api/push/subscriptions, for the logout, which holds the client itself. */
export function withdrawPushSubscription(api: ApiClient, endpoint: string) {
  return callRoute(api, pushRoutes.unsubscribe, { body: { endpoint } })
}
