/** The service worker file in public/: served as /sw.js, so its scope is the whole app. */
export const serviceWorkerUrl = '/sw.js'

/** Whether this browser can receive Web Push at all (iOS only in an installed app, for one). */
export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  )
}

/** The app's service worker registration if this browser has one already; nothing is installed here. */
export async function findPushRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration('/')
}

/**
 * The registration to subscribe with: the existing one, else the worker installed now (a
 * development build registers nothing at start-up). A subscription needs an active worker, hence `ready`.
 */
export async function ensurePushRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await findPushRegistration()
  if (!existing) await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' })
  return navigator.serviceWorker.ready
}

/** The VAPID public key as PushManager.subscribe takes it: base64url text turned into bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=')
  const raw = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index)
  return bytes
}
