import { describe, expect, it, vi } from 'vitest'
import { clearTiles, createTileStore, tileCacheName, tilesOverCap, tileUsage, trimTiles } from './tile-cache'

/** Cache Storage in memory, keeping insertion order as the real one does. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>()
  const cacheOf = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map())
    const entries = stores.get(name)!
    const key = (request: RequestInfo | URL) =>
      typeof request === 'string' ? request : String((request as Request).url ?? request)
    return {
      match: async (request: RequestInfo | URL) => entries.get(key(request))?.clone(),
      put: async (request: RequestInfo | URL, response: Response) => {
        entries.delete(key(request))
        entries.set(key(request), response)
      },
      delete: async (request: RequestInfo | URL) => entries.delete(key(request)),
      keys: async () => [...entries.keys()].map((url) => ({ url }) as Request),
    } as unknown as Cache
  }
  return {
    stores,
    caches: {
      open: async (name: string) => cacheOf(name),
      delete: async (name: string) => stores.delete(name),
    },
  }
}

const png = (bytes: number) => new Response(new Blob([new Uint8Array(bytes)], { type: 'image/png' }))
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the offline tile cache', () => {
  it('drops the oldest tiles until the rest fit the cap', () => {
    expect(tilesOverCap([10, 10, 10], 30)).toBe(0)
    expect(tilesOverCap([10, 10, 10], 25)).toBe(1)
    expect(tilesOverCap([50, 1, 1], 10)).toBe(1)
    expect(tilesOverCap([10, 10], 0)).toBe(2)
    expect(tilesOverCap([], 0)).toBe(0)
  })

  it('keeps a loaded tile once and gives it back as a data address when the network fails', async () => {
    const { caches } = memoryCaches()
    const fetchTile = vi.fn(async () => png(100))
    const onChange = vi.fn()
    const store = createTileStore({ caches, fetch: fetchTile, onChange })!
    const url = 'https://tile.openstreetmap.org/15/18300/10700.png'
    store.keep(url)
    store.keep(url)
    await vi.waitFor(() => expect(onChange).toHaveBeenCalledOnce())
    store.keep(url)
    await settle()
    expect(fetchTile).toHaveBeenCalledOnce()
    expect(fetchTile).toHaveBeenCalledWith(url, { mode: 'cors', credentials: 'omit' })
    expect(await store.restore(url)).toMatch(/^data:image\/png;base64,/)
    expect(await store.restore('https://tile.openstreetmap.org/1/0/0.png')).toBeNull()
    expect(await tileUsage(caches)).toEqual({ tiles: 1, bytes: 100 })
  })

  it('keeps nothing that failed or is no network address, and never throws', async () => {
    const { caches } = memoryCaches()
    const store = createTileStore({
      caches,
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    })!
    store.keep('https://tile.openstreetmap.org/2/1/1.png')
    store.keep('data:image/png;base64,AAAA')
    await settle()
    expect(await tileUsage(caches)).toEqual({ tiles: 0, bytes: 0 })
  })

  it('trims past the cap, oldest first, and clears on request', async () => {
    const { caches } = memoryCaches()
    const cache = await caches.open(tileCacheName)
    for (const name of ['a', 'b', 'c'])
      await cache.put(`https://t/${name}.png`, new Response('x', { headers: { 'x-kropla-bytes': '100' } }))
    expect(await trimTiles(250, caches)).toBe(1)
    expect(await cache.match('https://t/a.png')).toBeUndefined()
    expect(await tileUsage(caches)).toEqual({ tiles: 2, bytes: 200 })
    await clearTiles(caches)
    expect(await tileUsage(caches)).toEqual({ tiles: 0, bytes: 0 })
  })

  it('is absent without Cache Storage', async () => {
    expect(createTileStore({ caches: undefined })).toBeNull()
    expect(await tileUsage(undefined)).toBeNull()
  })
})
