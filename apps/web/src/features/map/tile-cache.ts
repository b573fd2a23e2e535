/**
 * The map's last viewed tiles kept for offline use (issue 16 item 12), by the page itself through
 * the Cache API: the service worker (apps/web/public/sw.js) is left to the app shell. Network
 * first: a tile that loads is copied into the cache (fetched once more with CORS, which the tile
 * service's CSP source in connect-src allows); a tile that fails (no network) is drawn from the
 * cache as a data: address (img-src allows data:). The cache is capped by size: past the cap the
 * tiles kept longest ago go first. Where the browser has no Cache Storage nothing is kept.
 */

/** Not under the service worker's `kropla-` prefix: a new release's worker removes those it does not know. */
export const tileCacheName = 'map-tiles-v1'
/** About 1,600 OpenStreetMap tiles at ~25 KB: a farm and its surroundings over a few zoom levels. */
export const tileCapBytes = 40 * 1024 * 1024
const bytesHeader = 'x-kropla-bytes'
/** Trimming reads every entry's size: done every so many tiles kept, not after each. */
const trimEvery = 20

export interface TileStore {
  /** A tile loaded from the network: keep a copy (in the background, never failing). */
  keep: (url: string) => void
  /** A tile that failed: its kept copy as a data: address, or null. */
  restore: (url: string) => Promise<string | null>
}

export interface TileUsage {
  tiles: number
  bytes: number
}

type CacheStorageLike = Pick<CacheStorage, 'open' | 'delete'>

interface Deps {
  caches: CacheStorageLike | undefined
  fetch: typeof fetch
  /** Told after tiles were kept or removed (the screen shows the usage). */
  onChange?: () => void
}

/**
 * How many of the oldest entries to remove so the rest fit within the cap (sizes in keeping order,
 * oldest first).
 */
export function tilesOverCap(sizes: readonly number[], capBytes: number): number {
  let total = sizes.reduce((sum, size) => sum + size, 0)
  let drop = 0
  while (total > capBytes && drop < sizes.length) {
    total -= sizes[drop]!
    drop++
  }
  return drop
}

function browserCaches(): CacheStorageLike | undefined {
  return typeof caches === 'undefined' ? undefined : caches
}

async function sizesOf(cache: Cache): Promise<{ requests: readonly Request[]; sizes: number[] }> {
  const requests = await cache.keys()
  const sizes = await Promise.all(
    requests.map(async (request) => Number((await cache.match(request))?.headers.get(bytesHeader) ?? 0)),
  )
  return { requests, sizes }
}

/** Drops the oldest tiles past the cap. */
export async function trimTiles(
  capBytes = tileCapBytes,
  cacheStorage: CacheStorageLike | undefined = browserCaches(),
): Promise<number> {
  if (!cacheStorage) return 0
  const cache = await cacheStorage.open(tileCacheName)
  const { requests, sizes } = await sizesOf(cache)
  const drop = tilesOverCap(sizes, capBytes)
  for (const request of requests.slice(0, drop)) await cache.delete(request)
  return drop
}

/** How many tiles are kept and their size; null without Cache Storage. */
export async function tileUsage(
  cacheStorage: CacheStorageLike | undefined = browserCaches(),
): Promise<TileUsage | null> {
  if (!cacheStorage) return null
  const { sizes } = await sizesOf(await cacheStorage.open(tileCacheName))
  return { tiles: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) }
}

export async function clearTiles(
  cacheStorage: CacheStorageLike | undefined = browserCaches(),
): Promise<void> {
  await cacheStorage?.delete(tileCacheName)
}

async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${blob.type || 'image/png'};base64,${btoa(binary)}`
}

/** A store over the browser's Cache Storage; null where there is none. */
export function createTileStore({
  caches: cacheStorage = browserCaches(),
  fetch: fetchTile = globalThis.fetch?.bind(globalThis),
  onChange,
}: Partial<Deps> = {}): TileStore | null {
  if (!cacheStorage || !fetchTile) return null
  const storage = cacheStorage
  const inFlight = new Set<string>()
  let keptSinceTrim = 0
  const open = () => storage.open(tileCacheName)

  async function keepNow(url: string) {
    const cache = await open()
    if (await cache.match(url)) return
    const response = await fetchTile(url, { mode: 'cors', credentials: 'omit' })
    if (!response.ok) return
    const blob = await response.blob()
    await cache.put(
      url,
      new Response(blob, {
        headers: { 'content-type': blob.type || 'image/png', [bytesHeader]: String(blob.size) },
      }),
    )
    keptSinceTrim++
    if (keptSinceTrim >= trimEvery) {
      keptSinceTrim = 0
      await trimTiles(tileCapBytes, storage)
    }
    onChange?.()
  }

  return {
    keep(url) {
      if (!/^https?:/.test(url) || inFlight.has(url)) return
      inFlight.add(url)
      // A tile service without CORS, a full disk: nothing kept, nothing else changes.
      void keepNow(url)
        .catch(() => undefined)
        .finally(() => inFlight.delete(url))
    },
    async restore(url) {
      try {
        const kept = await (await open()).match(url)
        return kept ? await dataUrlOf(await kept.blob()) : null
      } catch {
        return null
      }
    },
  }
}
