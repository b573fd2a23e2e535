import { createHmac } from 'node:crypto'
import { delayAfter, type ThrottlePolicy } from '@kropla/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendError } from '../../app/http-errors'
import type { LoginThrottleDal } from './login-throttle-dal'

const minute = 60_000
const hour = 60 * minute

/**
 * Growing delays for the other public forms that check a secret or send mail. Same counters
 * table and semantics as login throttling: every attempt is counted before it is checked.
 */
export const attemptPolicies = {
  /** A module's PIN is 4 digits: a few wrong guesses for one serial from one address, then long waits. */
  registerPair: { free: 5, baseMs: 1000, capMs: hour, forgetMs: 24 * hour },
  /** One serial from anywhere: slows guessing spread over many addresses, with a short cap so that
   * nobody who knows a serial can keep its buyer from registering for long. */
  registerSerial: { free: 20, baseMs: 1000, capMs: 5 * minute, forgetMs: 24 * hour },
  /** One address checking many serials. */
  registerAddress: { free: 30, baseMs: 1000, capMs: 15 * minute, forgetMs: 24 * hour },
  /** Reset mail to one address: three, then at most one a minute, growing to one an hour. */
  resetEmail: { free: 3, baseMs: minute, capMs: hour, forgetMs: 24 * hour },
  /** One address asking for many resets. */
  resetAddress: { free: 10, baseMs: 1000, capMs: hour, forgetMs: 24 * hour },
} satisfies Record<string, ThrottlePolicy>

export type AttemptPolicies = Record<keyof typeof attemptPolicies, ThrottlePolicy>
export type AttemptCounter = { policy: keyof AttemptPolicies; value: string }

export function createAttemptLimiter(deps: {
  dal: LoginThrottleDal
  secret: string
  now?: () => Date
  /** Integration tests that make many checks from one address raise the thresholds. */
  policies?: Partial<AttemptPolicies>
}) {
  const now = deps.now ?? (() => new Date())
  const policies: AttemptPolicies = { ...attemptPolicies, ...deps.policies }
  const key = ({ policy, value }: AttemptCounter) =>
    `${policy}:${createHmac('sha256', deps.secret).update(`attempts|${policy}|${value}`).digest('base64url').slice(0, 32)}`

  return {
    /**
     * Counts the attempt on every counter, or answers 429 `too_many_attempts` (with retry-after)
     * and returns false when one of them is still waiting.
     */
    async admit(request: FastifyRequest, reply: FastifyReply, counters: AttemptCounter[]): Promise<boolean> {
      const at = now()
      const reservation = await deps.dal.reserve(
        counters.map((counter) => ({
          key: key(counter),
          forgetBefore: new Date(at.getTime() - policies[counter.policy].forgetMs),
          delayAfter: (failures: number) => delayAfter(policies[counter.policy], failures),
        })),
        at,
      )
      if (!('blockedUntil' in reservation)) return true
      const seconds = Math.max(1, Math.ceil((reservation.blockedUntil.getTime() - at.getTime()) / 1000))
      reply.header('retry-after', String(seconds))
      await sendError(request, reply, 'too_many_attempts', undefined, { seconds })
      return false
    },
    /** A right answer: that counter starts again. */
    async forgive(counter: AttemptCounter) {
      await deps.dal.clear([key(counter)])
    },
  }
}
export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>
