import type { GeoPoint } from '@kropla/domain'

/** Spec 01 section 9: the first GPS fix after 1 s, then one every 5 s. */
export const gpsTiming = { firstFixMs: 1000, everyMs: 5000 } as const

export interface GpsFix extends GeoPoint {
  /** Radius of the fix's uncertainty, m. */
  accuracyM: number
}

type Geolocation = Pick<globalThis.Geolocation, 'getCurrentPosition'>
interface Timers {
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (id: never) => void
  setInterval: (run: () => void, ms: number) => unknown
  clearInterval: (id: never) => void
}

/**
 * Reads the device's position on spec 01's rhythm until stopped: one reading 1 s after the start,
 * then every 5 s (each a fresh fix, not a cached one). Returns the stop function. Without
 * geolocation (an old browser, plain http on a phone) it reports an error at once.
 */
export function startGpsCapture(
  onFix: (fix: GpsFix) => void,
  onError: (reason: 'unavailable' | 'denied') => void,
  geolocation: Geolocation | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
  timers: Timers = globalThis as unknown as Timers,
): () => void {
  if (!geolocation) {
    onError('unavailable')
    return () => {}
  }
  let isStopped = false
  const read = () =>
    geolocation.getCurrentPosition(
      (position) => {
        if (!isStopped)
          onFix({
            lat: position.coords.latitude,
            lng: position.coords.longitude,
            accuracyM: position.coords.accuracy,
          })
      },
      (error) => {
        if (!isStopped) onError(error.code === 1 ? 'denied' : 'unavailable')
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: gpsTiming.everyMs * 2 },
    )
  let interval: unknown
  const first = timers.setTimeout(() => {
    read()
    interval = timers.setInterval(read, gpsTiming.everyMs)
  }, gpsTiming.firstFixMs)
  return () => {
    isStopped = true
    timers.clearTimeout(first as never)
    if (interval !== undefined) timers.clearInterval(interval as never)
  }
}
