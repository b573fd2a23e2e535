import { type BrowserApi, type BrowserScope, browserApis, browserScope } from './mobile-features'

/**
 * Which of the phone's own features this browser offers, as each /mobile screen asks before using
 * one (issue 16): read from the one table of browser APIs in mobile-features.ts. A screen says
 * plainly when the answer is no. The browser's scope is passed in, so the tests can hand in any
 * browser they like.
 */

/** Why a feature is missing: the browser has no such API, or only offers it on https:. */
export type Support = 'supported' | 'unsupported' | 'insecure'

/** One API: missing first (whatever the page), then whether it needs https here. */
export function apiSupport(api: BrowserApi, scope: BrowserScope = browserScope()): Support {
  if (!browserApis[api].found(scope)) return 'unsupported'
  return browserApis[api].secure && scope.isSecureContext === false ? 'insecure' : 'supported'
}

export const nfcSupport = (scope?: BrowserScope) => apiSupport('nfc', scope)
export const bluetoothSupport = (scope?: BrowserScope) => apiSupport('bluetooth', scope)
export const cameraSupport = (scope?: BrowserScope) => apiSupport('camera', scope)
export const wakeLockSupport = (scope?: BrowserScope) => apiSupport('wakeLock', scope)
export const pushSupport = (scope?: BrowserScope) => apiSupport('push', scope)

/** How codes are read from camera frames: the browser's BarcodeDetector, else the jsQR library (QR only). */
export function barcodeReader(scope: BrowserScope = browserScope()): 'native' | 'library' {
  return browserApis.barcodeDetector.found(scope) ? 'native' : 'library'
}
