/**
 * The phone's own features under /mobile (issue 16 items 6-14): one row per screen with how this
 * browser supports it, found by feature detection (never by the browser's name). The /mobile start
 * page lists them; each screen asks the same question before using its API, so a browser without
 * it gets a plain "not in this browser" instead of an exception.
 *
 * Detection reads only the presence of APIs on the scope it is given (`window` in the app, a plain
 * object in tests): no permission prompt, no device access.
 */

/** What detection reads: the browser's global scope, or a stand-in of it. */
export interface BrowserScope {
  navigator?: object
  isSecureContext?: boolean
  [name: string]: unknown
}

/**
 * `supported`: everything the screen does works here. `limited`: the screen works, one part does
 * not (the reason says which). `unsupported`: this browser lacks what the screen needs.
 */
export type SupportLevel = 'supported' | 'limited' | 'unsupported'

/** Why a feature is limited or missing: keys of the `mobile.reason` catalogue section. */
export type SupportReason =
  | 'no_badging'
  | 'no_orientation'
  | 'no_geolocation'
  | 'insecure'
  | 'no_nfc'
  | 'no_push'
  | 'no_bluetooth'
  | 'no_cache'
  | 'no_barcode_detector'
  | 'no_camera'
  | 'no_wake_lock'

export interface Support {
  level: SupportLevel
  reason?: SupportReason
}

export const mobileFeatureKeys = [
  'badge',
  'direction',
  'geolocation',
  'maps',
  'nfc',
  'fcm',
  'bluetooth',
  'ble',
  'boxs',
  'datadisplay',
] as const
export type MobileFeatureKey = (typeof mobileFeatureKeys)[number]

const has = (target: object | undefined, name: string) => target !== undefined && name in target
const supported: Support = { level: 'supported' }
const unsupported = (reason: SupportReason): Support => ({ level: 'unsupported', reason })
const limited = (reason: SupportReason): Support => ({ level: 'limited', reason })

/** Powerful features (position, sensors, NFC, Bluetooth, camera) exist only on https or localhost. */
function needsSecureContext(scope: BrowserScope, detect: () => Support): Support {
  return scope.isSecureContext === false ? unsupported('insecure') : detect()
}

export function detectBadge(scope: BrowserScope): Support {
  return has(scope.navigator, 'setAppBadge') && has(scope.navigator, 'clearAppBadge')
    ? supported
    : unsupported('no_badging')
}

export function detectGeolocation(scope: BrowserScope): Support {
  return needsSecureContext(scope, () =>
    has(scope.navigator, 'geolocation') ? supported : unsupported('no_geolocation'),
  )
}

/**
 * The compass arrow needs the position and the device's orientation. A desktop browser may have
 * the event type and never fire it: the screen says so when no reading arrives.
 */
export function detectDirection(scope: BrowserScope): Support {
  return needsSecureContext(scope, () => {
    if (!has(scope.navigator, 'geolocation')) return unsupported('no_geolocation')
    if (!has(scope, 'DeviceOrientationEvent')) return unsupported('no_orientation')
    return supported
  })
}

/** The map always works; keeping viewed tiles for offline use needs the Cache API. */
export function detectMaps(scope: BrowserScope): Support {
  return has(scope, 'caches') ? supported : limited('no_cache')
}

export function detectNfc(scope: BrowserScope): Support {
  return needsSecureContext(scope, () => (has(scope, 'NDEFReader') ? supported : unsupported('no_nfc')))
}

export function detectPush(scope: BrowserScope): Support {
  return needsSecureContext(scope, () =>
    has(scope.navigator, 'serviceWorker') && has(scope, 'PushManager') && has(scope, 'Notification')
      ? supported
      : unsupported('no_push'),
  )
}

export function detectBluetooth(scope: BrowserScope): Support {
  return needsSecureContext(scope, () =>
    has(scope.navigator, 'bluetooth') ? supported : unsupported('no_bluetooth'),
  )
}

/** The box scanner reads codes with BarcodeDetector, or with a library from camera frames where it is absent. */
export function detectBoxScanner(scope: BrowserScope): Support {
  return needsSecureContext(scope, () => {
    const mediaDevices = (scope.navigator as { mediaDevices?: object } | undefined)?.mediaDevices
    if (!has(mediaDevices, 'getUserMedia')) return unsupported('no_camera')
    return has(scope, 'BarcodeDetector') ? supported : limited('no_barcode_detector')
  })
}

/** The large display works everywhere; keeping the screen awake needs the Wake Lock API. */
export function detectDataDisplay(scope: BrowserScope): Support {
  return has(scope.navigator, 'wakeLock') ? supported : limited('no_wake_lock')
}

export interface MobileFeature {
  key: MobileFeatureKey
  /** The screen's address. */
  to: `/mobile/${MobileFeatureKey}`
  detect: (scope: BrowserScope) => Support
}

/** Every /mobile screen in the order the start page lists them: the field ones first. */
export const mobileFeatures: readonly MobileFeature[] = [
  { key: 'geolocation', to: '/mobile/geolocation', detect: detectGeolocation },
  { key: 'direction', to: '/mobile/direction', detect: detectDirection },
  { key: 'maps', to: '/mobile/maps', detect: detectMaps },
  { key: 'badge', to: '/mobile/badge', detect: detectBadge },
  { key: 'nfc', to: '/mobile/nfc', detect: detectNfc },
  { key: 'boxs', to: '/mobile/boxs', detect: detectBoxScanner },
  { key: 'fcm', to: '/mobile/fcm', detect: detectPush },
  { key: 'bluetooth', to: '/mobile/bluetooth', detect: detectBluetooth },
  { key: 'ble', to: '/mobile/ble', detect: detectBluetooth },
  { key: 'datadisplay', to: '/mobile/datadisplay', detect: detectDataDisplay },
]

/** This browser's scope (undefined outside a browser: server rendering, a worker-less test). */
export function browserScope(): BrowserScope {
  return typeof window === 'undefined' ? {} : (window as unknown as BrowserScope)
}
