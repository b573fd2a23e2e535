import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import {
  delayAfter,
  retryAfterSeconds,
  type ThrottleCounterKind,
  type ThrottlePolicies,
  throttlePolicies,
} from '@kropla/domain'
import type { CountedAttempt, LoginThrottleDal } from './login-throttle-dal'

/** Tests lower the thresholds through server options (ThrottlePolicies); production uses the domain's. */
export type { ThrottlePolicies } from '@kropla/domain'

export interface LoginAttempt {
  /** As typed (the login schema lowercases and trims it); unknown e-mails are counted the same. */
  email: string
  ip: string
  /** The device cookie, if the browser sent one. */
  device?: string
}

/**
 * An attempt as the counters took it: `waitSeconds` while a wait runs (nothing counted), else
 * null with the attempt already counted as a failure on each of its counters.
 */
export interface ReservedAttempt {
  attempt: LoginAttempt
  waitSeconds: number | null
  counted: CountedAttempt[]
}

/**
 * The counters behind the login gate: the policies and their waits are the gate's
 * (@kropla/domain). An attempt is counted as a failure before its password is checked (a success
 * takes it back), so parallel attempts cannot slip past the counters.
 */
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
  const key = (kind: ThrottleCounterKind, value: string) =>
    `${kind}:${mac(`login-throttle|${kind}|${value}`).slice(0, 32)}`
  const kindOf = (counterKey: string) => counterKey.slice(0, counterKey.indexOf(':')) as ThrottleCounterKind

  function deviceNonce(email: string, token: string | undefined): string | null {
    const [nonce, signature] = token?.split('.') ?? []
    if (!nonce || !signature) return null
    const expected = Buffer.from(mac(`device|${email}|${nonce}`))
    const given = Buffer.from(signature)
    return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null
  }

  /** The counters an attempt is subject to: a known browser of that e-mail answers only for itself. */
  function countersOf(attempt: LoginAttempt): { kind: ThrottleCounterKind; key: string }[] {
    const nonce = deviceNonce(attempt.email, attempt.device)
    if (nonce) return [{ kind: 'device', key: key('device', `${attempt.email}|${nonce}`) }]
    return [
      { kind: 'pair', key: key('pair', `${attempt.email}|${attempt.ip}`) },
      { kind: 'email', key: key('email', attempt.email) },
      { kind: 'address', key: key('address', attempt.ip) },
    ]
  }

  return {
    /** Before the password is checked: the seconds to wait, or the attempt counted as a failure. */
    async begin(attempt: LoginAttempt): Promise<ReservedAttempt> {
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
        return { attempt, waitSeconds: retryAfterSeconds(reservation.blockedUntil, at), counted: [] }
      return { attempt, waitSeconds: null, counted: reservation.counted }
    },

    /**
     * The right password: the e-mail's counters (pair, e-mail, device) start again; the address
     * only takes this attempt back (one valid account of its own must not let an address go on
     * spraying others).
     */
    async succeeded(reserved: ReservedAttempt) {
      const { attempt, counted } = reserved
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
