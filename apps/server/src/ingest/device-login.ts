import type { Rejection } from '@kropla/domain'
import ipaddr from 'ipaddr.js'
import type { DeviceLoginThrottle } from './device-login-throttle'
import { matchesSecretHash } from './device-secret'
import { type KnownObject, type ObjectDirectory, samePin } from './object-directory'

export type DeviceLoginResult =
  | { ok: true; object: KnownObject }
  /** `throttled`: refused without checking the password; `waitMs`: how long before the next try is checked. */
  | { ok: false; throttled: boolean; waitMs: number }

/** "::ffff:10.0.0.1" and "10.0.0.1" are one IPv4 address. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return 'unknown'
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address
}

/**
 * What failed logins are counted under: an IPv4 address, or an IPv6 address's /64 (one host or
 * home network usually holds a whole /64, so counting single IPv6 addresses would count nothing).
 */
export function throttleAddress(address: string): string {
  const bare = address.split('%')[0]!
  if (!ipaddr.IPv6.isValid(bare)) return address
  const prefix = ipaddr.IPv6.parse(bare).parts.slice(0, 4)
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`
}

/**
 * Whether `password` logs the module in: its device secret when it has one (then its PIN never
 * does), else its PIN (a module made before secrets). Both compared in constant time.
 */
export function isRightPassword(object: KnownObject, password: string): boolean {
  return object.secretHash !== null
    ? matchesSecretHash(object.secretHash, password)
    : samePin(object.pin, password)
}

/**
 * A module's login over MQTT or HTTP: serial and password (device secret, or PIN for a module
 * without one) checked under the device login throttle (ADR 0037, 0087). Failures of modules in the
 * fleet are counted as ingest rejections (`wrong_secret`, `wrong_pin`, `login_throttled`, with the
 * address), which is where the operator sees a module's trouble and who is guessing.
 */
export function createDeviceLogin(deps: {
  directory: ObjectDirectory
  throttle: DeviceLoginThrottle
  countRejection: (serial: string, rejections: Rejection[]) => void
}) {
  return {
    /** `password` null: credentials that cannot be right (no password, user name not the serial). */
    async authenticate(
      serial: string,
      password: string | null,
      rawAddress: string | undefined,
    ): Promise<DeviceLoginResult> {
      const address = normalizeAddress(rawAddress)
      const object = await deps.directory.find(serial)
      const started = deps.throttle.begin(object ? serial : null, throttleAddress(address), {
        pinLogin: object?.secretHash == null,
      })
      if ('waitMs' in started) {
        if (object)
          deps.countRejection(serial, [
            {
              field: null,
              reason: 'login_throttled',
              detail: `from ${address}, wait ${Math.ceil(started.waitMs / 1000)} s`,
            },
          ])
        return { ok: false, throttled: true, waitMs: started.waitMs }
      }
      if (object && password !== null && isRightPassword(object, password)) {
        deps.throttle.succeeded(started.attempt)
        return { ok: true, object }
      }
      if (object?.secretHash)
        deps.countRejection(serial, [
          {
            field: null,
            reason: 'wrong_secret',
            // A module that still offers its PIN has lost (or never stored) its secret.
            detail: `from ${address}${password !== null && samePin(object.pin, password) ? ', with its PIN' : ''}`,
          },
        ])
      else if (object)
        deps.countRejection(serial, [{ field: null, reason: 'wrong_pin', detail: `from ${address}` }])
      return { ok: false, throttled: false, waitMs: deps.throttle.failed(started.attempt) }
    },
  }
}
export type DeviceLogin = ReturnType<typeof createDeviceLogin>
