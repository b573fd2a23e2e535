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
const member = (target: object | undefined, name: string) =>
  (target as Record<string, unknown> | undefined)?.[name]
const isFunction = (target: object | undefined, name: string) => typeof member(target, name) === 'function'
const isObject = (target: object | undefined, name: string) => {
  const value = member(target, name)
  return typeof value === 'object' && value !== null
}

/**
 * The browser APIs the phone's features use: how each is found, and whether browsers offer it only
 * in a secure context (https or localhost). The one table of what this browser can do: the start
 * page's detections below and each screen's own check (device-support.ts) both read it.
 */
export const browserApis = {
  geolocation: { secure: true, found: (scope: BrowserScope) => has(scope.navigator, 'geolocation') },
  orientation: { secure: false, found: (scope: BrowserScope) => has(scope, 'DeviceOrientationEvent') },
  badging: {
    secure: false,
    found: (scope: BrowserScope) =>
      has(scope.navigator, 'setAppBadge') && has(scope.navigator, 'clearAppBadge'),
  },
  cache: { secure: false, found: (scope: BrowserScope) => has(scope, 'caches') },
  /** Web NFC (Chrome on Android): `NDEFReader`. */
  nfc: { secure: true, found: (scope: BrowserScope) => has(scope, 'NDEFReader') },
  /** Web Push: a service worker, PushManager and notifications. */
  push: {
    secure: true,
    found: (scope: BrowserScope) =>
      has(scope.navigator, 'serviceWorker') && has(scope, 'PushManager') && has(scope, 'Notification'),
  },
  /** Web Bluetooth (Chrome on Android and desktop; not Firefox, not Safari): `navigator.bluetooth`. */
  bluetooth: { secure: true, found: (scope: BrowserScope) => isObject(scope.navigator, 'bluetooth') },
  /** The camera: `navigator.mediaDevices.getUserMedia`. */
  camera: {
    secure: true,
    found: (scope: BrowserScope) =>
      isFunction(member(scope.navigator, 'mediaDevices') as object | undefined, 'getUserMedia'),
  },
  /** The browser's own code reader (else the app reads QR codes with a library). */
  barcodeDetector: { secure: false, found: (scope: BrowserScope) => isFunction(scope, 'BarcodeDetector') },
  /** The Screen Wake Lock API: `navigator.wakeLock.request`. */
  wakeLock: {
    secure: true,
    found: (scope: BrowserScope) =>
      isFunction(member(scope.navigator, 'wakeLock') as object | undefined, 'request'),
  },
} as const satisfies Record<string, { secure: boolean; found: (scope: BrowserScope) => boolean }>
export type BrowserApi = keyof typeof browserApis

/** Whether the API is there and, where browsers offer it only on https, the page is secure. */
const usable = (api: BrowserApi, scope: BrowserScope) =>
  browserApis[api].found(scope) && !(browserApis[api].secure && scope.isSecureContext === false)

const supported: Support = { level: 'supported' }
const unsupported = (reason: SupportReason): Support => ({ level: 'unsupported', reason })
const limited = (reason: SupportReason): Support => ({ level: 'limited', reason })

/**
 * What a screen needs, in order: on an insecure page one needing https is refused as such first;
 * otherwise the first API missing says why.
 */
function detectNeeds(scope: BrowserScope, needs: [BrowserApi, SupportReason][]): Support {
  if (scope.isSecureContext === false && needs.some(([api]) => browserApis[api].secure))
    return unsupported('insecure')
  const missing = needs.find(([api]) => !browserApis[api].found(scope))
  return missing ? unsupported(missing[1]) : supported
}

export const detectBadge = (scope: BrowserScope): Support => detectNeeds(scope, [['badging', 'no_badging']])

export const detectGeolocation = (scope: BrowserScope): Support =>
  detectNeeds(scope, [['geolocation', 'no_geolocation']])

/**
 * The compass arrow needs the position and the device's orientation. A desktop browser may have
 * the event type and never fire it: the screen says so when no reading arrives.
 */
export const detectDirection = (scope: BrowserScope): Support =>
  detectNeeds(scope, [
    ['geolocation', 'no_geolocation'],
    ['orientation', 'no_orientation'],
  ])

/** The map always works; keeping viewed tiles for offline use needs the Cache API. */
export function detectMaps(scope: BrowserScope): Support {
  return usable('cache', scope) ? supported : limited('no_cache')
}

export const detectNfc = (scope: BrowserScope): Support => detectNeeds(scope, [['nfc', 'no_nfc']])

export const detectPush = (scope: BrowserScope): Support => detectNeeds(scope, [['push', 'no_push']])

export const detectBluetooth = (scope: BrowserScope): Support =>
  detectNeeds(scope, [['bluetooth', 'no_bluetooth']])

/** The box scanner reads codes with BarcodeDetector, or with a library from camera frames where it is absent. */
export function detectBoxScanner(scope: BrowserScope): Support {
  const camera = detectNeeds(scope, [['camera', 'no_camera']])
  if (camera.level !== 'supported') return camera
  return usable('barcodeDetector', scope) ? supported : limited('no_barcode_detector')
}

/** The large display works everywhere; keeping the screen awake needs the Wake Lock API. */
export function detectDataDisplay(scope: BrowserScope): Support {
  return usable('wakeLock', scope) ? supported : limited('no_wake_lock')
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
