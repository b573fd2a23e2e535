import { type GeocodedPlace, geocodedPlaceSchema } from '@kropla/domain'
import type { Lang } from '@kropla/i18n'
import type { Logger } from 'pino'
import { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import { createFairTurns } from './fair-turns'

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
  /** The clock and the pause between calls (a unit test's own). */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
}

/** Searches one farm may have waiting or under way; one more is refused with busy_try_again. */
export const geocodeWaitingPerFarm = 5
/** What `Retry-After` tells a farm whose searches fill its place in the queue. */
const busyRetryAfterSeconds = 5

/** Most answers kept at once; the oldest goes first. */
const cacheSize = 500

/** Most places offered for one address. */
export const geocodeLimit = 5

/**
 * Finds places by address through a Nominatim-compatible geocoder for the browser (the
 * Content-Security-Policy lets the browser reach only the app). Calls are spaced at least
 * `minIntervalMs` apart, one after another, so the server keeps to the service's usage policy
 * however many users search at once, and the turns go round the farms (fair-turns.ts, ADR 0094):
 * one farm's burst neither delays another farm's search behind it nor makes it fail. An address
 * asked again within a day is answered from memory.
 */
export function createGeocoder(deps: GeocoderDeps) {
  const fetch = deps.fetch ?? globalThis.fetch
  const minIntervalMs = deps.minIntervalMs ?? 1000
  const timeoutMs = deps.timeoutMs ?? 8000
  const base = deps.url?.replace(/\/+$/, '')
  const now = deps.now ?? Date.now
  const turns = createFairTurns({
    minIntervalMs,
    perFarm: geocodeWaitingPerFarm,
    now,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  })
  const cacheMs = deps.cacheMs ?? 24 * 3600_000
  const cache = new Map<string, { places: GeocodedPlace[]; at: number }>()

  async function call(query: string, lang: Lang): Promise<GeocodedPlace[]> {
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
    /**
     * Places matching the address, best first (at most five), for a user of farm `idClient`;
     * refuses when no geocoder is set, and with busy_try_again when the farm has
     * `geocodeWaitingPerFarm` searches waiting already.
     */
    async search(idClient: number, query: string, lang: Lang): Promise<GeocodedPlace[]> {
      if (base === undefined) throw new HttpError('geocoder_not_configured', { status: 404 })
      const key = `${lang}|${query.toLowerCase().replace(/\s+/g, ' ')}`
      const kept = cache.get(key)
      if (kept && now() - kept.at < cacheMs) return kept.places
      const turn = await turns.run(idClient, () => call(query, lang))
      if (turn.full) throw new HttpError('busy_try_again', { retryAfterSeconds: busyRetryAfterSeconds })
      const places = turn.value
      cache.delete(key)
      cache.set(key, { places, at: now() })
      if (cache.size > cacheSize) cache.delete(cache.keys().next().value!)
      return places
    },
    /** Searches waiting for their turn (tests). */
    waiting: () => turns.waiting(),
  }
}
export type Geocoder = ReturnType<typeof createGeocoder>
