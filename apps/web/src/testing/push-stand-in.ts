/**
 * Test-only stand-ins for the browser's push machinery jsdom lacks: navigator.serviceWorker,
 * PushManager and Notification. The test chooses what the user answers the permission prompt
 * and reads what the app asked of them.
 */
export interface PushStandInOptions {
  /** The permission before the app asks. */
  permission?: NotificationPermission
  /** What the user answers the browser's prompt. */
  answer?: NotificationPermission
  /** The service worker is installed already (a production build registers it at start-up). */
  isRegistered?: boolean
  /** This browser is subscribed already. */
  isSubscribed?: boolean
}

export interface StandInSubscription {
  endpoint: string
  toJSON(): PushSubscriptionJSON
  unsubscribe(): Promise<boolean>
}

export function installPushStandIn(options: PushStandInOptions = {}) {
  const state = {
    permission: options.permission ?? ('default' as NotificationPermission),
    permissionRequests: 0,
    isRegistered: options.isRegistered ?? true,
    registered: [] as { url: string; scope: string | undefined }[],
    subscribeOptions: [] as PushSubscriptionOptionsInit[],
    subscription: null as StandInSubscription | null,
  }
  let nextEndpoint = 1
  const subscriptionFor = (endpoint: string): StandInSubscription => {
    const subscription: StandInSubscription = {
      endpoint,
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
      unsubscribe: async () => {
        if (state.subscription === subscription) state.subscription = null
        return true
      },
    }
    return subscription
  }
  if (options.isSubscribed) state.subscription = subscriptionFor('https://push.example.test/send/already')

  const pushManager = {
    getSubscription: async () => state.subscription,
    subscribe: async (subscribeOptions: PushSubscriptionOptionsInit) => {
      state.subscribeOptions.push(subscribeOptions)
      state.subscription = subscriptionFor(`https://push.example.test/send/${nextEndpoint++}`)
      return state.subscription
    },
  }
  const registration = { scope: 'http://localhost/', pushManager }
  // A real ServiceWorkerContainer is an event target: the app hears the worker's messages on it.
  const messageListeners = new Set<(event: MessageEvent) => void>()
  const serviceWorker = {
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') messageListeners.add(listener)
    },
    removeEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') messageListeners.delete(listener)
    },
    getRegistration: async () => (state.isRegistered ? registration : undefined),
    register: async (url: string, registerOptions?: RegistrationOptions) => {
      state.registered.push({ url, scope: registerOptions?.scope })
      state.isRegistered = true
      return registration
    },
    get ready() {
      return Promise.resolve(registration)
    },
  }
  const notification = {
    get permission() {
      return state.permission
    },
    requestPermission: async () => {
      state.permissionRequests += 1
      state.permission = options.answer ?? 'granted'
      return state.permission
    },
  }
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true })
  Object.defineProperty(window, 'PushManager', { value: class PushManager {}, configurable: true })
  Object.defineProperty(window, 'Notification', { value: notification, configurable: true })

  return {
    state,
    /** The service worker posts `data` to the page (a push received, say). */
    post(data: unknown) {
      for (const listener of messageListeners) listener(new MessageEvent('message', { data }))
    },
    uninstall() {
      Reflect.deleteProperty(navigator, 'serviceWorker')
      Reflect.deleteProperty(window, 'PushManager')
      Reflect.deleteProperty(window, 'Notification')
    },
  }
}
