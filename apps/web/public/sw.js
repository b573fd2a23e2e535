// Kropla's service worker. It shows alarm notifications pushed by the server (Web Push) and opens
// the alarms screen when one is clicked; and it keeps the app usable in a dead zone: the app shell
// (the page, the built scripts and styles) and the last answers of the reads the start screen and
// the module pages make, so the app opens offline and shows what it knew (issue 16, item 15).
// It is a plain file in public/, outside the app's module graph, served as /sw.js with scope /.
// The build (apps/web/service-worker-build.ts) writes the release's version and its list of
// scripts and styles into the two constants below; in this file they are the development values.

const release = 'dev'
/** The release's built scripts and styles to fetch at install (hashed names under /assets/). */
const precacheAssets = []

const cachePrefix = 'kropla-'
/** The page and the few public files beside it: revalidated on every use, kept per release. */
const shellCache = `${cachePrefix}shell-${release}`
/** Hashed scripts and styles: a name never changes content, so they are served from the cache. */
const assetCache = `${cachePrefix}assets-${release}`
/** The last answers, one cache per signed-in user and farm (`kropla-data-u<user>-c<client>`). */
const dataCachePrefix = `${cachePrefix}data-`
/** Who the data caches belong to now (one entry, `/whom`), kept across the worker's restarts. */
const metaCache = `${cachePrefix}meta`
/** When a kept answer arrived (ms since 1970), on the copies this worker keeps. */
const savedAtHeader = 'x-kropla-saved-at'

/** Where a notification leads when the push names no link of ours (the app uses a hash router). */
const alarmsPath = '/#/alarms'

/** The page and the public files it loads before any script: all the shell besides /assets/. */
const shellFiles = [
  '/',
  '/start.js',
  '/manifest.webmanifest',
  '/manifest.pl.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
]

/**
 * The reads whose last answers are kept: who is signed in, the start screen (dashboards, modules
 * and their values, outputs, alarms), the module pages, manual control and the resources. Only
 * these: reports, history and admin lists stay online-only.
 */
const keptReads = [
  /^\/api\/(me|client|profile|dashboards|objects|outputs|manual_opens|things|schedulers|user_messages)$/,
  /^\/api\/(weather|map\/settings|water_sources|groups|sections|regions|geo_objects)$/,
  /^\/api\/objects\/\d+$/,
  /^\/api\/alarms$/,
]

/**
 * How this worker answers a request: `page` the app's page (network first, the kept copy
 * offline), `asset` a hashed script or style (cache first), `shell` another public file of the
 * shell (network first), `data` a kept read (network first), `forget` a request that ends or
 * changes the session (the kept answers are dropped), null anything else (left to the browser).
 */
function strategyFor(method, url, mode, origin) {
  if (url.origin !== origin) return null
  if (method !== 'GET') return url.pathname === '/login' && method === 'POST' ? 'forget' : null
  if (url.pathname === '/logout') return 'forget'
  if (mode === 'navigate') return url.pathname === '/' || url.pathname === '/index.html' ? 'page' : null
  if (url.pathname.startsWith('/assets/')) return 'asset'
  // The shell's files, and the device pictures and icons the screens show (kept once shown).
  if (shellFiles.includes(url.pathname) || /^\/(models|icons)\/[\w.-]+\.(svg|png)$/.test(url.pathname))
    return 'shell'
  if (keptReads.some((pattern) => pattern.test(url.pathname))) return 'data'
  return null
}

/** The data cache of a signed-in user in a farm, from the `/api/me` answer; null when it names none. */
function dataCacheFor(me) {
  const user = me && typeof me === 'object' ? me.user : null
  if (!user || !Number.isInteger(user.id) || !Number.isInteger(user.id_client)) return null
  return `${dataCachePrefix}u${user.id}-c${user.id_client}`
}

/**
 * The caches an activating release removes: its predecessors' shell and assets, nothing else (the
 * kept answers, the last push of /mobile/fcm and the map tiles the page keeps are not a release's).
 */
function staleCaches(names) {
  const isRelease = (name) =>
    name.startsWith(`${cachePrefix}shell-`) || name.startsWith(`${cachePrefix}assets-`)
  return names.filter((name) => isRelease(name) && name !== shellCache && name !== assetCache)
}

/** Fetches the list a few at a time (a phone's connection, a busy server) and keeps what arrived. */
async function precache(cacheName, paths) {
  const cache = await caches.open(cacheName)
  const queue = [...paths]
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
      if (await cache.match(path)) continue
      await cache.add(path).catch(() => undefined)
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      // The shell must be whole; a script or style missed now is kept the first time it is used.
      await (await caches.open(shellCache)).addAll(shellFiles)
      await precache(assetCache, precacheAssets)
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys()).map((name) => caches.delete(name)))
      await self.clients.claim()
    })(),
  )
})

/** The data cache in use (kept in the meta cache, so it outlives this worker's restarts). */
let currentDataCache
async function readDataCache() {
  if (currentDataCache !== undefined) return currentDataCache
  const kept = await (await caches.open(metaCache)).match('/whom')
  currentDataCache = kept ? await kept.text() : null
  return currentDataCache
}
async function switchDataCache(name) {
  if (name === (await readDataCache())) return
  await forgetData()
  currentDataCache = name
  await (await caches.open(metaCache)).put('/whom', new Response(name))
}
/**
 * What a user leaves behind on this device: the kept answers and the last push received (an
 * alarm's text is that user's farm's, not the next user's to read on /mobile/fcm).
 */
function userCaches(names) {
  return names.filter((name) => name.startsWith(dataCachePrefix) || name === 'kropla-last-push')
}
/** Drops every kept answer: logout, a new login, a session that ended, another user or farm. */
async function forgetData() {
  currentDataCache = null
  await caches.delete(metaCache)
  const names = await caches.keys()
  await Promise.all(userCaches(names).map((name) => caches.delete(name)))
}

/** A copy of the answer that says when it arrived (the app shows the age of what it shows offline). */
async function stamped(response) {
  const headers = new Headers(response.headers)
  headers.set(savedAtHeader, String(Date.now()))
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** Tells the page whether the server answered, and how old a kept answer it was given is. */
async function tell(clientId, message) {
  if (!clientId) return
  const client = await self.clients.get(clientId)
  client?.postMessage({ type: 'kropla-network', ...message })
}

async function keep(cacheName, key, response) {
  await (await caches.open(cacheName)).put(key, response)
}

async function answerPage(event) {
  try {
    const response = await fetch(event.request)
    if (response.ok) event.waitUntil(keep(shellCache, '/', response.clone()))
    return response
  } catch (error) {
    const kept = await (await caches.open(shellCache)).match('/', { ignoreVary: true })
    if (kept) return kept
    throw error
  }
}

async function answerAsset(event) {
  const kept = await caches.match(event.request, { ignoreVary: true, ignoreSearch: true })
  if (kept) return kept
  const response = await fetch(event.request)
  if (response.ok) event.waitUntil(keep(assetCache, event.request, response.clone()))
  return response
}

async function answerShell(event, path) {
  try {
    const response = await fetch(event.request)
    if (response.ok) event.waitUntil(keep(shellCache, path, response.clone()))
    return response
  } catch (error) {
    const kept = await (await caches.open(shellCache)).match(path, { ignoreVary: true })
    if (kept) return kept
    throw error
  }
}

async function answerData(event, url) {
  const key = url.pathname + url.search
  let response
  try {
    response = await fetch(event.request)
  } catch (error) {
    const cacheName = await readDataCache()
    const kept = cacheName ? await (await caches.open(cacheName)).match(key, { ignoreVary: true }) : undefined
    const savedAt = kept ? Number(kept.headers.get(savedAtHeader)) || null : null
    event.waitUntil(tell(event.clientId, { reachable: false, savedAt }))
    if (kept) return kept
    throw error
  }
  // Copied now: the page reads the answer's body as soon as it is returned.
  const copy = response.ok ? response.clone() : null
  event.waitUntil(
    (async () => {
      await tell(event.clientId, { reachable: true })
      if (url.pathname === '/api/me') {
        // Not signed in (any more): nothing of the last user stays behind.
        if (response.status === 401) return forgetData()
        if (!copy) return
        const name = dataCacheFor(
          await copy
            .clone()
            .json()
            .catch(() => null),
        )
        if (!name) return forgetData()
        await switchDataCache(name)
        return keep(name, key, await stamped(copy))
      }
      const cacheName = await readDataCache()
      if (copy && cacheName) await keep(cacheName, key, await stamped(copy))
    })(),
  )
  return response
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url)
  const strategy = strategyFor(event.request.method, url, event.request.mode, self.location.origin)
  if (strategy === null) return
  if (strategy === 'forget') {
    event.waitUntil(forgetData())
    return
  }
  if (strategy === 'page') event.respondWith(answerPage(event))
  else if (strategy === 'asset') event.respondWith(answerAsset(event))
  else if (strategy === 'shell') event.respondWith(answerShell(event, url.pathname))
  else event.respondWith(answerData(event, url))
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

/** Where the last push received is kept for /mobile/fcm ("last received on this device"). */
const lastPushCache = 'kropla-last-push' // userCaches() names it too
const lastPushKey = '/__kropla/last-push'

/**
 * /mobile/fcm: keeps the last push received (title, body, when) in its own cache, which the page
 * reads when it opens, and tells every open tab of the app at once. A cache clean-up of app-shell
 * caches should leave `kropla-last-push` alone.
 */
async function rememberPushForPage(title, body) {
  const received = { title, body, received_at: new Date().toISOString() }
  try {
    const cache = await caches.open(lastPushCache)
    await cache.put(
      lastPushKey,
      new Response(JSON.stringify(received), { headers: { 'content-type': 'application/json' } }),
    )
  } catch {
    // No Cache Storage (a private window): the open tabs still hear of it.
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of windows) client.postMessage({ type: 'kropla-push', push: received })
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data)
  const title = typeof push.title === 'string' && push.title ? push.title : 'Kropla'
  const body = typeof push.body === 'string' ? push.body : ''
  event.waitUntil(rememberPushForPage(title, body).catch(() => undefined))
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
