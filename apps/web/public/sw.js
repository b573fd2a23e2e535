// Kropla's service worker: it shows alarm notifications pushed by the server (Web Push) and opens
// the alarms screen when one is clicked. It is a plain file in public/, outside the app's module
// graph, so it is served as /sw.js with scope /; it caches nothing, so the app always loads fresh.

/** Where a notification leads when the push names no link of ours (the app uses a hash router). */
const alarmsPath = '/#/alarms'

self.addEventListener('install', () => {
  self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

/** The push's fields: the server sends JSON `{ title, body, url, tag }`; plain text becomes the body. */
function readPush(data) {
  if (!data) return {}
  try {
    const parsed = data.json()
    return parsed && typeof parsed === 'object' ? parsed : { body: String(parsed) }
  } catch {
    return { body: data.text() }
  }
}

/** A link on this origin only; anything else (or nothing) leads to the alarms screen. */
function sameOriginUrl(candidate) {
  try {
    const url = new URL(typeof candidate === 'string' ? candidate : alarmsPath, self.location.origin)
    return url.origin === self.location.origin ? url.href : new URL(alarmsPath, self.location.origin).href
  } catch {
    return new URL(alarmsPath, self.location.origin).href
  }
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data)
  const title = typeof push.title === 'string' && push.title ? push.title : 'Kropla'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof push.body === 'string' ? push.body : '',
      tag: typeof push.tag === 'string' ? push.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sameOriginUrl(push.url) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = sameOriginUrl(event.notification.data?.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin)
      if (open) {
        // A tab of the app is already open: show the alarms there instead of opening another.
        try {
          await open.focus()
          await open.navigate(url)
          return
        } catch {
          // A tab this worker does not control yet cannot be steered; open a new one instead.
        }
      }
      await self.clients.openWindow(url)
    })(),
  )
})
