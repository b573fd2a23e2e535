import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { LoginThrottleDal } from './login-throttle-dal'

/**
 * How failed logins slow down further attempts. Every counter allows `free` failures, then each
 * further failure doubles the wait from `baseMs` up to `capMs`; a counter is forgotten when its
 * last failure is older than `forgetMs`. While a wait runs, attempts are answered 429 without
 * checking the password and without counting. docs/decisions.md explains the numbers.
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

export function createLoginThrottle(deps: { dal: LoginThrottleDal; secret: string; now?: () => Date }) {
  const now = deps.now ?? (() => new Date())
  const mac = (text: string) => createHmac('sha256', deps.secret).update(text).digest('base64url')
  // Keys are keyed hashes: the table never holds who tried to log in from where.
  const key = (kind: CounterKind, value: string) =>
    `${kind}:${mac(`login-throttle|${kind}|${value}`).slice(0, 32)}`

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
    /** Seconds to wait before this attempt may be checked, or 0. */
    async retryAfterSeconds(attempt: LoginAttempt): Promise<number> {
      const at = now().getTime()
      const rows = await deps.dal.find(countersOf(attempt).map((counter) => counter.key))
      const until = Math.max(0, ...rows.map((row) => row.blocked_until?.getTime() ?? 0))
      return until > at ? Math.max(1, Math.ceil((until - at) / 1000)) : 0
    },

    async recordFailure(attempt: LoginAttempt) {
      const at = now()
      for (const counter of countersOf(attempt)) {
        const policy = throttlePolicies[counter.kind]
        const failures = await deps.dal.addFailure(counter.key, at, new Date(at.getTime() - policy.forgetMs))
        const delay = delayAfter(policy, failures)
        if (delay) await deps.dal.setBlockedUntil(counter.key, new Date(at.getTime() + delay))
      }
    },

    /** The right password: the e-mail's counters start again; the address keeps its count (one valid
     * account of its own must not let an address go on spraying). */
    async recordSuccess(attempt: LoginAttempt) {
      const keys = new Set(
        countersOf(attempt).flatMap((counter) => (counter.kind === 'address' ? [] : [counter.key])),
      )
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
      await deps.dal.purge(
        new Date(at.getTime() - Math.max(...Object.values(throttlePolicies).map((p) => p.forgetMs))),
        at,
      )
    },
  }
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>
