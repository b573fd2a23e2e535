import { describe, expect, it, vi } from 'vitest'
import {
  type CompassWindow,
  compassNeedsPermission,
  headingFromOrientation,
  requestCompass,
  watchHeading,
} from './compass'

describe('compass heading from device orientation', () => {
  it("takes Safari's compass heading as it is", () => {
    expect(headingFromOrientation({ alpha: 10, webkitCompassHeading: 45 })).toBe(45)
  })
  it('turns an absolute alpha (counter-clockwise) into a clockwise heading', () => {
    expect(headingFromOrientation({ alpha: 270, absolute: true })).toBe(90)
    expect(headingFromOrientation({ alpha: 0, absolute: true })).toBe(0)
  })
  it('uses no relative alpha: it is no compass', () => {
    expect(headingFromOrientation({ alpha: 270, absolute: false })).toBeNull()
    expect(headingFromOrientation({ alpha: null, absolute: true })).toBeNull()
    expect(headingFromOrientation({ alpha: 90 })).toBeNull()
  })
  it('adds the screen rotation in landscape', () => {
    expect(headingFromOrientation({ alpha: 0, absolute: true }, 90)).toBe(90)
    expect(headingFromOrientation({ alpha: null, webkitCompassHeading: 300 }, 90)).toBe(30)
  })
  it('ignores a compass heading of -1 (Safari: not calibrated)', () => {
    expect(headingFromOrientation({ alpha: null, webkitCompassHeading: -1 })).toBeNull()
  })
})

function fakeWindow(extra: Partial<CompassWindow> = {}) {
  const listeners = new Map<string, Set<(event: Event) => void>>()
  const scope: CompassWindow = {
    addEventListener: (type, listener) => {
      if (!listeners.has(type)) listeners.set(type, new Set())
      listeners.get(type)!.add(listener)
    },
    removeEventListener: (type, listener) => listeners.get(type)?.delete(listener),
    ...extra,
  }
  const fire = (type: string, reading: object) => {
    for (const listener of listeners.get(type) ?? []) listener(reading as Event)
  }
  return { scope, fire, count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0) }
}

describe('watching the heading', () => {
  it('reports absolute readings from either event and stops cleanly', () => {
    const { scope, fire, count } = fakeWindow({ screen: { orientation: { angle: 0 } } })
    const onHeading = vi.fn()
    const stop = watchHeading(scope, onHeading)
    fire('deviceorientation', { alpha: 100, absolute: false })
    fire('deviceorientationabsolute', { alpha: 270, absolute: true })
    fire('deviceorientation', { alpha: null, webkitCompassHeading: 12 })
    expect(onHeading.mock.calls).toEqual([[90], [12]])
    stop()
    expect(count()).toBe(0)
  })

  it("asks Safari's permission only where it must be asked", async () => {
    expect(compassNeedsPermission(fakeWindow().scope)).toBe(false)
    expect(await requestCompass(fakeWindow().scope)).toBe(true)
    const granted = fakeWindow({
      DeviceOrientationEvent: { requestPermission: () => Promise.resolve('granted') },
    })
    expect(compassNeedsPermission(granted.scope)).toBe(true)
    expect(await requestCompass(granted.scope)).toBe(true)
    const refused = fakeWindow({
      DeviceOrientationEvent: { requestPermission: () => Promise.reject(new Error('no gesture')) },
    })
    expect(await requestCompass(refused.scope)).toBe(false)
  })
})
