import { delayAfter, type ThrottlePolicy } from '@kropla/domain'

const minute = 60_000
const hour = 60 * minute

/**
 * Failed device logins (MQTT CONNECT, HTTP ingest) slow further attempts, with the numbers and the
 * doubling of browser logins (ADR 0037). A module's PIN is
 * 4 digits, so a few wrong guesses must already cost time. A module with a device secret (32 random
 * bytes) cannot be guessed, and its logins are throttled only to spare the server (ADR 0087).
 */
export const deviceLoginPolicies = {
  /** One serial from one address: the ordinary guessing attack. */
  pair: { free: 5, baseMs: 1000, capMs: 15 * minute, forgetMs: 24 * hour },
  /** One serial from anywhere: guessing spread over many addresses, and, for a module that logs in
   * with its PIN, guessing from its own address (everyone behind its NAT shares it). A short cap,
   * because it also holds back the module itself. */
  serial: { free: 20, baseMs: 1000, capMs: 5 * minute, forgetMs: 24 * hour },
  /** One address over all serials: one address trying PINs (or serials) across the fleet. A farm's
   * modules behind one NAT log in with the right PIN, which is not counted against it. */
  address: { free: 50, baseMs: 1000, capMs: 15 * minute, forgetMs: 24 * hour },
} satisfies Record<string, ThrottlePolicy>

export type DeviceLoginPolicies = Record<keyof typeof deviceLoginPolicies, ThrottlePolicy>
type CounterKind = keyof DeviceLoginPolicies

interface Counter {
  failures: number
  lastFailureAt: number
  blockedUntil: number
}

/** An attempt allowed to have its password checked: already counted as a failure on `counted`. */
export interface DeviceLoginAttempt {
  serial: string
  address: string
  /** The address the module last logged in from. */
  usual: boolean
  counted: { kind: CounterKind; key: string }[]
  /** The counters that can make the next attempt from here wait (a subset of `counted`). */
  holding: { kind: CounterKind; key: string }[]
}

/**
 * A map that forgets its least recently written entries beyond `capacity`, so that attempts with
 * made-up serials or many addresses cannot grow the process's memory without bound.
 */
function cappedMap<V>(capacity: number) {
  const map = new Map<string, V>()
  return {
    get: (key: string) => map.get(key),
    set(key: string, value: V) {
      map.delete(key)
      map.set(key, value)
      if (map.size > capacity) map.delete(map.keys().next().value as string)
    },
    delete: (key: string) => map.delete(key),
    get size() {
      return map.size
    },
  }
}

/**
 * The rule, in memory and without I/O (the caller checks the password). One throttle serves every
 * MQTT CONNECT and HTTP upload of the process, and an attempt is counted as a failure before its
 * password is checked, so parallel attempts cannot slip past the counters; a right password takes
 * it back. While a counter is delayed, attempts are refused without checking the password and
 * without counting. From the serial's usual address (where it last logged in) the pair and address
 * counters never hold a module back, so an attacker elsewhere cannot keep it out of its usual
 * connection; the serial counter still does for a module that logs in with its PIN, because that
 * address is shared by everyone behind the same NAT (issue 23). A module with a device secret is
 * always checked there.
 */
export function createDeviceLoginThrottle(
  options: { now?: () => number; policies?: Partial<DeviceLoginPolicies>; capacity?: number } = {},
) {
  const now = options.now ?? Date.now
  const policies: DeviceLoginPolicies = { ...deviceLoginPolicies, ...options.policies }
  const capacity = options.capacity ?? 50_000
  const counters = {
    pair: cappedMap<Counter>(capacity),
    serial: cappedMap<Counter>(capacity),
    address: cappedMap<Counter>(capacity),
  }
  /** Serial -> the address its last successful login came from. */
  const usualAddress = cappedMap<string>(capacity)

  const keysOf = (serial: string | null, address: string) =>
    serial === null
      ? [{ kind: 'address' as const, key: address }]
      : [
          { kind: 'pair' as const, key: `${serial}\u0000${address}` },
          { kind: 'serial' as const, key: serial },
          { kind: 'address' as const, key: address },
        ]

  function current(kind: CounterKind, key: string, at: number): Counter | undefined {
    const counter = counters[kind].get(key)
    if (counter && counter.lastFailureAt < at - policies[kind].forgetMs) {
      counters[kind].delete(key)
      return undefined
    }
    return counter
  }

  function blockedFor(keys: { kind: CounterKind; key: string }[], at: number): number {
    return Math.max(0, ...keys.map(({ kind, key }) => (current(kind, key, at)?.blockedUntil ?? 0) - at))
  }

  return {
    /**
     * Before the password is checked. `serial` is null for a serial that is not in the fleet (counted on
     * the address only, so made-up serials cannot fill the memory). Either the milliseconds to wait
     * (nothing checked, nothing counted) or the attempt, already counted as a failure.
     */
    begin(
      serial: string | null,
      address: string,
      /** `pinLogin`: the module logs in with its PIN (no device secret), which can be guessed. */
      options: { pinLogin: boolean } = { pinLogin: true },
    ): { waitMs: number } | { attempt: DeviceLoginAttempt } {
      const at = now()
      const keys = keysOf(serial, address)
      const usual = serial !== null && usualAddress.get(serial) === address
      const holding = !usual ? keys : options.pinLogin ? keys.filter(({ kind }) => kind === 'serial') : []
      const waitMs = blockedFor(holding, at)
      if (waitMs > 0) return { waitMs }
      for (const { kind, key } of keys) {
        const failures = (current(kind, key, at)?.failures ?? 0) + 1
        const delay = delayAfter(policies[kind], failures)
        counters[kind].set(key, { failures, lastFailureAt: at, blockedUntil: delay ? at + delay : 0 })
      }
      return { attempt: { serial: serial ?? '', address, usual, counted: keys, holding } }
    },

    /** A wrong password: how long this serial must now wait from this address (0: it may try again at once). */
    failed(attempt: DeviceLoginAttempt): number {
      return blockedFor(attempt.holding, now())
    },

    /**
     * The right password: the pair starts again, the serial and address counters only take this attempt
     * back (an attacker's own module must not reset the address it guesses others from), and the
     * address becomes the serial's usual one.
     */
    succeeded(attempt: DeviceLoginAttempt) {
      for (const { kind, key } of attempt.counted) {
        const counter = counters[kind].get(key)
        if (!counter) continue
        if (kind === 'pair' || counter.failures <= 1) counters[kind].delete(key)
        else {
          const failures = counter.failures - 1
          const delay = delayAfter(policies[kind], failures)
          counter.failures = failures
          counter.blockedUntil = delay ? Math.min(counter.blockedUntil, counter.lastFailureAt + delay) : 0
        }
      }
      usualAddress.set(attempt.serial, attempt.address)
    },

    /** How many entries the throttle holds (bounded by 4 x capacity). */
    get size() {
      return counters.pair.size + counters.serial.size + counters.address.size + usualAddress.size
    },
  }
}
export type DeviceLoginThrottle = ReturnType<typeof createDeviceLoginThrottle>
