import { describe, expect, it, vi } from 'vitest'
import { syncAppBadge } from './app-badge'
import {
  detectBadge,
  detectBluetooth,
  detectBoxScanner,
  detectDataDisplay,
  detectDirection,
  detectGeolocation,
  detectMaps,
  detectNfc,
  detectPush,
  mobileFeatureKeys,
  mobileFeatures,
} from './mobile-features'

const phone = {
  isSecureContext: true,
  navigator: {
    geolocation: {},
    setAppBadge: () => Promise.resolve(),
    clearAppBadge: () => Promise.resolve(),
    serviceWorker: {},
    bluetooth: {},
    wakeLock: { request: () => Promise.resolve() },
    mediaDevices: { getUserMedia: () => Promise.resolve() },
  },
  DeviceOrientationEvent: class {},
  NDEFReader: class {},
  PushManager: class {},
  Notification: class {},
  BarcodeDetector: class {},
  caches: {},
}

describe('feature detection', () => {
  it('finds every feature on a browser that has every API', () => {
    for (const feature of mobileFeatures)
      expect(feature.detect(phone), feature.key).toEqual({ level: 'supported' })
  })

  it('lists each /mobile screen once, at its own address', () => {
    expect(mobileFeatures.map((feature) => feature.key).sort()).toEqual([...mobileFeatureKeys].sort())
    for (const feature of mobileFeatures) expect(feature.to).toBe(`/mobile/${feature.key}`)
  })

  it('says a browser with nothing lacks the features that need an API, and the rest work in part', () => {
    const bare = {}
    expect(detectBadge(bare)).toEqual({ level: 'unsupported', reason: 'no_badging' })
    expect(detectGeolocation(bare)).toEqual({ level: 'unsupported', reason: 'no_geolocation' })
    expect(detectDirection(bare)).toEqual({ level: 'unsupported', reason: 'no_geolocation' })
    expect(detectNfc(bare)).toEqual({ level: 'unsupported', reason: 'no_nfc' })
    expect(detectPush(bare)).toEqual({ level: 'unsupported', reason: 'no_push' })
    expect(detectBluetooth(bare)).toEqual({ level: 'unsupported', reason: 'no_bluetooth' })
    expect(detectBoxScanner(bare)).toEqual({ level: 'unsupported', reason: 'no_camera' })
    expect(detectMaps(bare)).toEqual({ level: 'limited', reason: 'no_cache' })
    expect(detectDataDisplay(bare)).toEqual({ level: 'limited', reason: 'no_wake_lock' })
  })

  it('needs the orientation event for the compass arrow even where the position works', () => {
    const { DeviceOrientationEvent: _, ...withoutOrientation } = phone
    expect(detectDirection(withoutOrientation)).toEqual({ level: 'unsupported', reason: 'no_orientation' })
    expect(detectGeolocation(withoutOrientation)).toEqual({ level: 'supported' })
  })

  it('needs both badge methods', () => {
    expect(detectBadge({ navigator: { setAppBadge: () => Promise.resolve() } }).level).toBe('unsupported')
  })

  it('reads codes without BarcodeDetector by the app itself: works in part', () => {
    const { BarcodeDetector: _, ...withoutDetector } = phone
    expect(detectBoxScanner(withoutDetector)).toEqual({ level: 'limited', reason: 'no_barcode_detector' })
  })

  it('refuses the powerful features over plain http, whatever the browser has', () => {
    const insecure = { ...phone, isSecureContext: false }
    for (const detect of [detectGeolocation, detectDirection, detectNfc, detectBluetooth, detectPush])
      expect(detect(insecure)).toEqual({ level: 'unsupported', reason: 'insecure' })
    // The badge and the map do not need https.
    expect(detectBadge(insecure).level).toBe('supported')
    expect(detectMaps(insecure).level).toBe('supported')
  })
})

describe('the app badge', () => {
  it('shows the active count, and clears the icon at none', async () => {
    const navigator = {
      setAppBadge: vi.fn(() => Promise.resolve()),
      clearAppBadge: vi.fn(() => Promise.resolve()),
    }
    expect(await syncAppBadge(3, navigator)).toEqual({ kind: 'set', count: 3 })
    expect(navigator.setAppBadge).toHaveBeenCalledWith(3)
    expect(await syncAppBadge(0, navigator)).toEqual({ kind: 'cleared' })
    expect(navigator.clearAppBadge).toHaveBeenCalledOnce()
  })

  it('calls nothing without the API, and never throws when the browser refuses', async () => {
    expect(await syncAppBadge(2, {})).toEqual({ kind: 'unsupported' })
    expect(await syncAppBadge(2, undefined)).toEqual({ kind: 'unsupported' })
    const refusing = {
      setAppBadge: () => Promise.reject(new DOMException('not installed', 'NotAllowedError')),
      clearAppBadge: () => Promise.resolve(),
    }
    expect(await syncAppBadge(2, refusing)).toEqual({ kind: 'failed' })
  })
})
