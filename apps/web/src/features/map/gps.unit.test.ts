import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type GpsFix, startGpsCapture } from './gps'

describe('GPS capture', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('takes the first fix after 1 s, then one every 5 s, until stopped', () => {
    let lat = 52
    const geolocation = {
      getCurrentPosition: vi.fn((success: PositionCallback) => {
        lat += 0.001
        success({ coords: { latitude: lat, longitude: 21, accuracy: 4 } } as GeolocationPosition)
      }),
    }
    const fixes: GpsFix[] = []
    const stop = startGpsCapture((fix) => fixes.push(fix), vi.fn(), geolocation)
    vi.advanceTimersByTime(999)
    expect(fixes).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(fixes).toHaveLength(1)
    expect(fixes[0]).toEqual({ lat: 52.001, lng: 21, accuracyM: 4 })
    vi.advanceTimersByTime(4999)
    expect(fixes).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(fixes).toHaveLength(2)
    vi.advanceTimersByTime(10_000)
    expect(fixes).toHaveLength(4)
    stop()
    vi.advanceTimersByTime(20_000)
    expect(fixes).toHaveLength(4)
  })

  it('says why there is no position', () => {
    const onError = vi.fn()
    startGpsCapture(vi.fn(), onError, undefined)
    expect(onError).toHaveBeenCalledWith('unavailable')
    const refusing = {
      getCurrentPosition: (_: PositionCallback, error?: PositionErrorCallback | null) =>
        error?.({ code: 1 } as GeolocationPositionError),
    }
    startGpsCapture(vi.fn(), onError, refusing)
    vi.advanceTimersByTime(1000)
    expect(onError).toHaveBeenLastCalledWith('denied')
  })
})
