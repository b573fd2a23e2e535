import { type GeocodedPlace, geocodedPlaceSchema } from '@kropla/domain'
import type { Lang } from '@kropla/i18n'
import type { Logger } from 'pino'
import { z } from 'zod'
import { HttpError } from '../../app/http-errors'

/** One place of a Nominatim `/search?format=jsonv2` answer: what we read of it. */
const nominatimPlaceSchema = z.object({
  display_name: z.string(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
})

export interface GeocoderDeps {
  /** The geocoder's base address (GEOCODER_URL); none: address search is not offered. */
  url: string | undefined
  logger: Logger
  /** The HTTP client (tests may hand in another). */
  fetch?: typeof globalThis.fetch
  /** The least time between two calls (Nominatim's usage policy: one a second). */
  minIntervalMs?: number
  /** How long one call may take. */
  timeoutMs?: number
  /** Who the server says it is (Nominatim's usage policy asks for an identifying User-Agent). */
  userAgent?: string
  /** How long a found answer is kept and given again without asking (Nominatim's policy: cache). */
  cacheMs?: number
}

/** Most answers kept at once; the oldest goes first. */
const cacheSize = 500

/** Most places offered for one address. */
export const geocodeLimit = 5

/**
 * Finds places by address through a Nominatim-compatible geocoder for the browser (the
 * Content-Security-Policy lets the browser reach only the app). Calls are spaced at least
 * `minIntervalMs` apart, one after another, so the server keeps to the service's usage policy
 * however many users search at once; an address asked again within a day is answered from memory.
 */
export function createGeocoder(deps: GeocoderDeps) {
  const fetch = deps.fetch ?? globalThis.fetch
  const minIntervalMs = deps.minIntervalMs ?? 1000
  const timeoutMs = deps.timeoutMs ?? 8000
  const base = deps.url?.replace(/\/+$/, '')
  let queue: Promise<unknown> = Promise.resolve()
  let lastCallAt = 0
  let waiting = 0
  const cacheMs = deps.cacheMs ?? 24 * 3600_000
  const cache = new Map<string, { places: GeocodedPlace[]; at: number }>()

  async function call(query: string, lang: Lang): Promise<GeocodedPlace[]> {
    const wait = lastCallAt + minIntervalMs - Date.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    lastCallAt = Date.now()
    const url = new URL(`${base}/search`)
    url.search = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      limit: String(geocodeLimit),
      'accept-language': lang,
    }).toString()
    let body: unknown
    try {
      const answer = await fetch(url, {
        headers: {
          accept: 'application/json',
          'user-agent': deps.userAgent ?? 'Kropla (irrigation and field monitoring)',
        },
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!answer.ok) throw new Error(`answered ${answer.status}`)
      body = await answer.json()
    } catch (error) {
      deps.logger.warn({ err: error, geocoder: base }, 'geocoder call failed')
      throw new HttpError('geocoder_failed', { status: 502 })
    }
    const listed = z.array(z.unknown()).safeParse(body)
    if (!listed.success) {
      deps.logger.warn({ geocoder: base }, 'geocoder answered something other than a list of places')
      throw new HttpError('geocoder_failed', { status: 502 })
    }
    const places: GeocodedPlace[] = []
    for (const item of listed.data) {
      const read = nominatimPlaceSchema.safeParse(item)
      if (!read.success) continue
      const place = geocodedPlaceSchema.safeParse({
        name: read.data.display_name.trim().slice(0, 300),
        lat: read.data.lat,
        lng: read.data.lon,
      })
      if (place.success && place.data.name) places.push(place.data)
      if (places.length === geocodeLimit) break
    }
    return places
  }

  return {
    isConfigured: base !== undefined,
    /** Places matching the address, best first (at most five); refuses when no geocoder is set. */
    async search(query: string, lang: Lang): Promise<GeocodedPlace[]> {
      if (base === undefined) throw new HttpError('geocoder_not_configured', { status: 404 })
      const key = `${lang}|${query.toLowerCase().replace(/\s+/g, ' ')}`
      const kept = cache.get(key)
      if (kept && Date.now() - kept.at < cacheMs) return kept.places
      // A burst of searches waits its turn; beyond a few, the geocoder is busy for everyone.
      if (waiting >= 10) throw new HttpError('geocoder_failed', { status: 502 })
      waiting += 1
      const turn = queue.then(() => call(query, lang))
      queue = turn.catch(() => undefined)
      try {
        const places = await turn
        cache.delete(key)
        cache.set(key, { places, at: Date.now() })
        if (cache.size > cacheSize) cache.delete(cache.keys().next().value!)
        return places
      } finally {
        waiting -= 1
      }
    },
  }
}
export type Geocoder = ReturnType<typeof createGeocoder>
