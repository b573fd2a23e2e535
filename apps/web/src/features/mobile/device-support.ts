/**
 * Which of the phone's own features this browser offers (issue 16, `/mobile`). Each screen asks
 * here first and says plainly when the answer is no. The browser's objects are passed in, so the
 * tests can hand in any browser they like.
 */

export interface BrowserLike {
  window: object
  navigator: object
  isSecureContext: boolean
}

export function currentBrowser(): BrowserLike {
  return {
    window: typeof window === 'undefined' ? {} : window,
    navigator: typeof navigator === 'undefined' ? {} : navigator,
    isSecureContext: typeof window !== 'undefined' && window.isSecureContext !== false,
  }
}

/** Why a feature is missing: the browser has no such API, or only offers it on https:. */
export type Support = 'supported' | 'unsupported' | 'insecure'

function support(has: boolean, browser: BrowserLike): Support {
  if (!has) return 'unsupported'
  return browser.isSecureContext ? 'supported' : 'insecure'
}

/** Web NFC (Chrome on Android): `NDEFReader`. */
export function nfcSupport(browser: BrowserLike = currentBrowser()): Support {
  return support('NDEFReader' in browser.window, browser)
}

/** Web Bluetooth (Chrome on Android and desktop; not Firefox, not Safari): `navigator.bluetooth`. */
export function bluetoothSupport(browser: BrowserLike = currentBrowser()): Support {
  const bluetooth = (browser.navigator as { bluetooth?: unknown }).bluetooth
  return support(typeof bluetooth === 'object' && bluetooth !== null, browser)
}

/** The camera: `navigator.mediaDevices.getUserMedia`. */
export function cameraSupport(browser: BrowserLike = currentBrowser()): Support {
  const media = (browser.navigator as { mediaDevices?: { getUserMedia?: unknown } }).mediaDevices
  return support(typeof media?.getUserMedia === 'function', browser)
}

/** How codes are read from camera frames: the browser's BarcodeDetector, else the jsQR library (QR only). */
export function barcodeReader(browser: BrowserLike = currentBrowser()): 'native' | 'library' {
  return typeof (browser.window as { BarcodeDetector?: unknown }).BarcodeDetector === 'function'
    ? 'native'
    : 'library'
}

/** The Screen Wake Lock API: `navigator.wakeLock`. */
export function wakeLockSupport(browser: BrowserLike = currentBrowser()): Support {
  const wakeLock = (browser.navigator as { wakeLock?: { request?: unknown } }).wakeLock
  return support(typeof wakeLock?.request === 'function', browser)
}

/** Web Push: a service worker, PushManager and notifications. */
export function pushSupport(browser: BrowserLike = currentBrowser()): Support {
  return support(
    'serviceWorker' in browser.navigator &&
      'PushManager' in browser.window &&
      'Notification' in browser.window,
    browser,
  )
}
