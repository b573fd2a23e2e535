import type { Rejection } from '@kropla/domain'
import ipaddr from 'ipaddr.js'
import type { DeviceLoginThrottle } from './device-login-throttle'
import { type KnownObject, type ObjectDirectory, samePin } from './object-directory'

export type DeviceLoginResult =
  | { ok: true; object: KnownObject }
  /** `throttled`: refused without checking the PIN; `waitMs`: how long before the next try is checked. */
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
 * A module's login over MQTT or HTTP: serial and PIN checked under the device login throttle.
 * Failures of modules in the fleet are counted as ingest rejections (`wrong_pin`, `login_throttled`,
 * with the address), which is where the operator sees a module's trouble.
 */
export function createDeviceLogin(deps: {
  directory: ObjectDirectory
  throttle: DeviceLoginThrottle
  countRejection: (serial: string, rejections: Rejection[]) => void
}) {
  return {
    /** `pin` null: credentials that cannot be right (no password, user name not the serial). */
    async authenticate(
      serial: string,
      pin: string | null,
      rawAddress: string | undefined,
    ): Promise<DeviceLoginResult> {
      const address = normalizeAddress(rawAddress)
      const object = await deps.directory.find(serial)
      const started = deps.throttle.begin(object ? serial : null, throttleAddress(address))
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
      if (object && pin !== null && samePin(object.pin, pin)) {
        deps.throttle.succeeded(started.attempt)
        return { ok: true, object }
      }
      if (object)
        deps.countRejection(serial, [{ field: null, reason: 'wrong_pin', detail: `from ${address}` }])
      return { ok: false, throttled: false, waitMs: deps.throttle.failed(started.attempt) }
    },
  }
}
export type DeviceLogin = ReturnType<typeof createDeviceLogin>
