import { useCallback, useEffect, useState } from 'react'
import { usePushCalls } from './push-api'
import {
  applicationServerKey,
  ensurePushRegistration,
  findPushRegistration,
  isPushSupported,
} from './push-platform'

/** This browser's push state: `denied` when the user blocked notifications for the site. */
export type PushState = 'unsupported' | 'checking' | 'off' | 'on' | 'denied'

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await findPushRegistration()
  return registration ? registration.pushManager.getSubscription() : null
}

/**
 * Subscribing this browser to Web Push and back: permission, the server's VAPID key,
 * PushManager.subscribe, then the subscription handed to the server (and withdrawn from it when
 * switched off). Each browser of the user is switched on separately.
 */
export function usePushSubscription() {
  const push = usePushCalls()
  const [state, setState] = useState<PushState>(() => (isPushSupported() ? 'checking' : 'unsupported'))
  const [isBusy, setBusy] = useState(false)

  useEffect(() => {
    if (!isPushSupported()) return
    if (Notification.permission === 'denied') {
      setState('denied')
      return
    }
    let isCurrent = true
    currentSubscription()
      .then((subscription) => isCurrent && setState(subscription ? 'on' : 'off'))
      .catch(() => isCurrent && setState('off'))
    return () => {
      isCurrent = false
    }
  }, [])

  const enable = useCallback(async (): Promise<PushState> => {
    const permission = await Notification.requestPermission()
    if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off'
    const registration = await ensurePushRegistration()
    const { key } = await push.vapidKey()
    const existing = await registration.pushManager.getSubscription()
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(key),
      }))
    try {
      await push.subscribe(subscription.toJSON())
    } catch (error) {
      // The server does not know this browser, so nothing would arrive: do not look subscribed.
      if (!existing) await subscription.unsubscribe().catch(() => false)
      throw error
    }
    return 'on'
  }, [push])

  const disable = useCallback(async (): Promise<PushState> => {
    const subscription = await currentSubscription()
    if (subscription) {
      const { endpoint } = subscription
      await subscription.unsubscribe()
      await push.unsubscribe(endpoint)
    }
    return 'off'
  }, [push])

  /** Switches this browser on or off; resolves with the new state, rejects when it could not change. */
  const change = useCallback(
    async (isOn: boolean): Promise<PushState> => {
      setBusy(true)
      try {
        const next = await (isOn ? enable() : disable())
        setState(next)
        return next
      } finally {
        setBusy(false)
      }
    },
    [enable, disable],
  )

  return { state, isBusy, change }
}
