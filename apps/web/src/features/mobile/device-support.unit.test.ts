import { describe, expect, it } from 'vitest'
import {
  apiSupport,
  barcodeReader,
  bluetoothSupport,
  cameraSupport,
  nfcSupport,
  pushSupport,
  wakeLockSupport,
} from './device-support'
import { type BrowserScope, detectBluetooth, detectBoxScanner, detectDataDisplay } from './mobile-features'

/** A browser's global scope: `window`'s members, its navigator and whether the page is secure. */
const browser = (window: object, navigator: object, isSecureContext = true): BrowserScope => ({
  ...window,
  navigator,
  isSecureContext,
})
const bare = browser({}, {})

describe('feature detection of the phone screens', () => {
  it('finds Web NFC only where NDEFReader is', () => {
    expect(nfcSupport(browser({ NDEFReader: class {} }, {}))).toBe('supported')
    expect(nfcSupport(bare)).toBe('unsupported')
    expect(nfcSupport(browser({ NDEFReader: class {} }, {}, false))).toBe('insecure')
  })

  it('finds Web Bluetooth only where navigator.bluetooth is', () => {
    expect(bluetoothSupport(browser({}, { bluetooth: {} }))).toBe('supported')
    expect(bluetoothSupport(bare)).toBe('unsupported')
    expect(bluetoothSupport(browser({}, { bluetooth: null }))).toBe('unsupported')
    expect(bluetoothSupport(browser({}, { bluetooth: {} }, false))).toBe('insecure')
  })

  it('finds the camera only where getUserMedia is', () => {
    expect(cameraSupport(browser({}, { mediaDevices: { getUserMedia: () => null } }))).toBe('supported')
    expect(cameraSupport(browser({}, { mediaDevices: {} }))).toBe('unsupported')
    expect(cameraSupport(bare)).toBe('unsupported')
    expect(cameraSupport(browser({}, { mediaDevices: { getUserMedia: () => null } }, false))).toBe('insecure')
  })

  it("reads codes with the browser's BarcodeDetector, else with the library", () => {
    expect(barcodeReader(browser({ BarcodeDetector: class {} }, {}))).toBe('native')
    expect(barcodeReader(bare)).toBe('library')
  })

  it('finds the Wake Lock API only where navigator.wakeLock.request is', () => {
    expect(wakeLockSupport(browser({}, { wakeLock: { request: () => null } }))).toBe('supported')
    expect(wakeLockSupport(browser({}, { wakeLock: {} }))).toBe('unsupported')
    expect(wakeLockSupport(bare)).toBe('unsupported')
    expect(wakeLockSupport(browser({}, { wakeLock: { request: () => null } }, false))).toBe('insecure')
  })

  it('finds Web Push only with a service worker, PushManager and notifications', () => {
    const window = { PushManager: class {}, Notification: class {} }
    expect(pushSupport(browser(window, { serviceWorker: {} }))).toBe('supported')
    expect(pushSupport(browser({ PushManager: class {} }, { serviceWorker: {} }))).toBe('unsupported')
    expect(pushSupport(browser(window, {}))).toBe('unsupported')
    expect(pushSupport(browser(window, { serviceWorker: {} }, false))).toBe('insecure')
  })

  it('answers a missing API as missing even on an insecure page; the /mobile start page says https first', () => {
    const insecureBare = browser({}, {}, false)
    expect(nfcSupport(insecureBare)).toBe('unsupported')
    expect(apiSupport('barcodeDetector', browser({ BarcodeDetector: class {} }, {}, false))).toBe('supported')
    expect(detectBluetooth(insecureBare)).toEqual({ level: 'unsupported', reason: 'insecure' })
  })

  it('is the same table the /mobile start page reads: what a screen finds missing, the start page does too', () => {
    expect(bluetoothSupport(browser({}, { bluetooth: null }))).toBe('unsupported')
    expect(detectBluetooth(browser({}, { bluetooth: null }))).toEqual({
      level: 'unsupported',
      reason: 'no_bluetooth',
    })
    expect(cameraSupport(browser({}, { mediaDevices: {} }))).toBe('unsupported')
    expect(detectBoxScanner(browser({}, { mediaDevices: {} }))).toEqual({
      level: 'unsupported',
      reason: 'no_camera',
    })
    expect(wakeLockSupport(browser({}, { wakeLock: {} }))).toBe('unsupported')
    expect(detectDataDisplay(browser({}, { wakeLock: {} }))).toEqual({
      level: 'limited',
      reason: 'no_wake_lock',
    })
  })
})
