/**
 * The login gate (spec 01 section 1): which answer a login attempt gets, in the order its facts
 * become known. The server gathers the facts (counters, password check, account row); the rules
 * are here so they can be read and tested without a server.
 */

/**
 * How failed logins slow down further attempts. Every counter allows `free` failures, then each
 * further failure doubles the wait from `baseMs` up to `capMs`; a counter is forgotten when its
 * last failure is older than `forgetMs`. ADR 0011 explains the numbers.
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

export type ThrottleCounterKind = keyof typeof throttlePolicies
export type ThrottlePolicies = Record<ThrottleCounterKind, ThrottlePolicy>

/** The wait after `failures` failures under a policy, in milliseconds (0: none). */
export function delayAfter(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.free) return 0
  return Math.min(policy.baseMs * 2 ** Math.min(failures - policy.free, 30), policy.capMs)
}

/** The Retry-After of a wait that runs until `until`: whole seconds, rounded up, at least 1. */
export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
}

/** What the gate knows of an attempt so far. */
export interface LoginFacts {
  /** Seconds the attempt's counters still make it wait; null: it may check its password. */
  waitSeconds: number | null
  /** Whether the e-mail names a user with that password; absent until checked. */
  passwordMatches?: boolean
}

export type LoginVerdict =
  /** Answered 429: the password is not even checked, and the attempt does not count. */
  | { kind: 'wait'; retryAfterSeconds: number }
  | { kind: 'check_password' }
  /** The same answer for an unknown e-mail and a wrong password: nobody learns who has an account. */
  | { kind: 'incorrect_login' }
  /** The counters start again; the account's state (accountRefusal) decides whether a session starts. */
  | { kind: 'proceed' }

export function loginGate(facts: LoginFacts): LoginVerdict {
  if (facts.waitSeconds !== null) return { kind: 'wait', retryAfterSeconds: Math.max(1, facts.waitSeconds) }
  if (facts.passwordMatches === undefined) return { kind: 'check_password' }
  return facts.passwordMatches ? { kind: 'proceed' } : { kind: 'incorrect_login' }
}

/** The provider's mailboxes named in the blocked and expired messages (ORDER_EMAIL, SUPPORT_EMAIL). */
export interface Mailboxes {
  order: string
  support: string
}

export type AccountRefusal =
  | { code: 'account_blocked'; params: { support: string } }
  | { code: 'account_expired'; params: { order: string; support: string } }

/**
 * Whether a client account may be used now (at login, and at every request of a session): a
 * blocked account, or one that is gone, is refused with the support mailbox; an expired one
 * (expires_at not in the future) with the order and support mailboxes. Told only to whoever knows
 * the password.
 */
export function accountRefusal(
  account: { blocked: boolean; expires_at: Date | null } | null,
  now: Date,
  mailboxes: Mailboxes,
): AccountRefusal | null {
  if (!account || account.blocked) return { code: 'account_blocked', params: { support: mailboxes.support } }
  if (account.expires_at && account.expires_at.getTime() <= now.getTime())
    return { code: 'account_expired', params: { order: mailboxes.order, support: mailboxes.support } }
  return null
}
