import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { CountedAttempt, LoginThrottleDal } from './login-throttle-dal'

/**
 * How failed logins slow down further attempts. Every counter allows `free` failures, then each
 * further failure doubles the wait from `baseMs` up to `capMs`; a counter is forgotten when its
 * last failure is older than `forgetMs`. While a wait runs, attempts are answered 429 without
 * checking the password and without counting. An attempt is counted as a failure before its
 * password is checked (a success takes it back), so parallel attempts cannot slip past the
 * counters. docs/decisions.md explains the numbers.
 */
export interface ThrottlePolicy {
  free: number
  baseMs: number
  capMs: number
  forgetMs: number
}

const minute = 60_000
const hour = 60 * minute

export const throttlePolicies = {
  /** One e-mail from one address: the ordinary guessing attack. */
  pair: { free: 5, baseMs: 1000, capMs: 15 * minute, forgetMs: 24 * hour },
  /** One e-mail from a browser where it has logged in before (device cookie): as strict as the pair. */
  device: { free: 5, baseMs: 1000, capMs: 15 * minute, forgetMs: 24 * hour },
  /** One e-mail from anywhere: slows a guessing attack spread over many addresses, with a short cap so that
   * an attacker cannot keep the owner out for long (and not at all on the owner's known browsers). */
  email: { free: 20, baseMs: 1000, capMs: 30 * 1000, forgetMs: hour },
  /** One address, any e-mail: stops one address from spraying a common password over many accounts. */
  address: { free: 50, baseMs: 1000, capMs: 15 * minute, forgetMs: 24 * hour },
} satisfies Record<string, ThrottlePolicy>

type CounterKind = keyof typeof throttlePolicies
export type ThrottlePolicies = Record<CounterKind, ThrottlePolicy>

/** The wait after `failures` failures under a policy, in milliseconds (0: none). */
export function delayAfter(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.free) return 0
  return Math.min(policy.baseMs * 2 ** Math.min(failures - policy.free, 30), policy.capMs)
}

export interface LoginAttempt {
  /** As typed (the login schema lowercases and trims it); unknown e-mails are counted the same. */
  email: string
  ip: string
  /** The device cookie, if the browser sent one. */
  device?: string
}

/** An attempt that was allowed to check its password: it is already counted as a failure. */
export interface AllowedAttempt {
  attempt: LoginAttempt
  counted: CountedAttempt[]
}

export function createLoginThrottle(deps: {
  dal: LoginThrottleDal
  secret: string
  now?: () => Date
  /** Tests may lower thresholds to need fewer (slow) password checks; production uses throttlePolicies. */
  policies?: Partial<ThrottlePolicies>
}) {
  const now = deps.now ?? (() => new Date())
  const policies: ThrottlePolicies = { ...throttlePolicies, ...deps.policies }
  const mac = (text: string) => createHmac('sha256', deps.secret).update(text).digest('base64url')
  // Keys are keyed hashes: the table never holds who tried to log in from where.
  const key = (kind: CounterKind, value: string) =>
    `${kind}:${mac(`login-throttle|${kind}|${value}`).slice(0, 32)}`
  const kindOf = (counterKey: string) => counterKey.slice(0, counterKey.indexOf(':')) as CounterKind

  function deviceNonce(email: string, token: string | undefined): string | null {
    const [nonce, signature] = token?.split('.') ?? []
    if (!nonce || !signature) return null
    const expected = Buffer.from(mac(`device|${email}|${nonce}`))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null
  }

  /** The counters an attempt is subject to: a known browser of that e-mail answers only for itself. */
  function countersOf(attempt: LoginAttempt): { kind: CounterKind; key: string }[] {
    const nonce = deviceNonce(attempt.email, attempt.device)
    if (nonce) return [{ kind: 'device', key: key('device', `${attempt.email}|${nonce}`) }]
    return [
      { kind: 'pair', key: key('pair', `${attempt.email}|${attempt.ip}`) },
      { kind: 'email', key: key('email', attempt.email) },
      { kind: 'address', key: key('address', attempt.ip) },
    ]
  }

  return {
    /**
     * Before the password is checked: either the seconds to wait (nothing checked, nothing
     * counted), or the attempt, already counted as a failure on each of its counters.
     */
    async begin(attempt: LoginAttempt): Promise<{ retryAfterSeconds: number } | { allowed: AllowedAttempt }> {
      const at = now()
      const reservation = await deps.dal.reserve(
        countersOf(attempt).map(({ kind, key: counterKey }) => ({
          key: counterKey,
          forgetBefore: new Date(at.getTime() - policies[kind].forgetMs),
          delayAfter: (failures: number) => delayAfter(policies[kind], failures),
        })),
        at,
      )
      if ('blockedUntil' in reservation)
        return {
          retryAfterSeconds: Math.max(
            1,
            Math.ceil((reservation.blockedUntil.getTime() - at.getTime()) / 1000),
          ),
        }
      return { allowed: { attempt, counted: reservation.counted } }
    },

    /**
     * The right password: the e-mail's counters (pair, e-mail, device) start again; the address
     * only takes this attempt back (one valid account of its own must not let an address go on
     * spraying others).
     */
    async succeeded(allowed: AllowedAttempt) {
      const { attempt, counted } = allowed
      for (const counter of counted) if (kindOf(counter.key) === 'address') await deps.dal.uncount(counter)
      const keys = new Set(counted.filter((counter) => kindOf(counter.key) !== 'address').map((c) => c.key))
      keys.add(key('pair', `${attempt.email}|${attempt.ip}`)).add(key('email', attempt.email))
      await deps.dal.clear([...keys])
    },

    /** A device cookie for the browser that just logged in as `email`. */
    issueDeviceToken(email: string) {
      const nonce = randomBytes(16).toString('base64url')
      return `${nonce}.${mac(`device|${email}|${nonce}`)}`
    },

    async purgeStale() {
      const at = now()
      const longest = Math.max(...Object.values(policies).map((policy) => policy.forgetMs))
      await deps.dal.purge(new Date(at.getTime() - longest), at)
    },
  }
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>
