import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { login_failures } from '../../db/schema'

type CounterRow = typeof login_failures.$inferSelect

export interface CounterRule {
  key: string
  /** A counter whose last failure is older than this starts again. */
  forgetBefore: Date
  /** The wait after that many failures, in milliseconds (0: none). */
  delayAfter: (failures: number) => number
}

/** One counter as it was before an attempt was counted on it, and as the attempt left it. */
export interface CountedAttempt {
  key: string
  before: Pick<CounterRow, 'failures' | 'last_failure_at' | 'blocked_until'>
  failures: number
}

export type Reservation = { blockedUntil: Date } | { counted: CountedAttempt[] }

export function createLoginThrottleDal(db: Db) {
  return {
    /**
     * Atomically: if any counter is delayed, returns the latest end of the delays and changes
     * nothing; otherwise counts the attempt as a failure on every counter (with the delays that
     * follows from it) BEFORE the password is checked, so that parallel attempts cannot all slip
     * through before the first failure is written. The row locks serialize attempts on a counter,
     * across server processes too.
     */
    async reserve(rules: readonly CounterRule[], now: Date): Promise<Reservation> {
      const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : 1))
      const keys = sorted.map((rule) => rule.key)
      return db.transaction(async (tx) => {
        await tx
          .insert(login_failures)
          .values(keys.map((key) => ({ key, failures: 0, last_failure_at: now })))
          .onConflictDoNothing()
        const rows = await tx
          .select()
          .from(login_failures)
          .where(inArray(login_failures.key, keys))
          .orderBy(asc(login_failures.key))
          .for('update')
        const blockedUntil = Math.max(0, ...rows.map((row) => row.blocked_until?.getTime() ?? 0))
        if (blockedUntil > now.getTime()) return { blockedUntil: new Date(blockedUntil) }
        const counted: CountedAttempt[] = []
        for (const rule of sorted) {
          const row = rows.find((candidate) => candidate.key === rule.key)!
          const failures = (row.last_failure_at < rule.forgetBefore ? 0 : row.failures) + 1
          const delay = rule.delayAfter(failures)
          await tx
            .update(login_failures)
            .set({
              failures,
              last_failure_at: now,
              blocked_until: delay ? new Date(now.getTime() + delay) : null,
            })
            .where(eq(login_failures.key, rule.key))
          counted.push({
            key: rule.key,
            before: {
              failures: row.failures,
              last_failure_at: row.last_failure_at,
              blocked_until: row.blocked_until,
            },
            failures,
          })
        }
        return { counted }
      })
    },
    /** Takes one counted attempt back: exactly, unless other attempts were counted meanwhile. */
    async uncount(attempt: CountedAttempt) {
      const restored = await db
        .update(login_failures)
        .set(attempt.before)
        .where(and(eq(login_failures.key, attempt.key), eq(login_failures.failures, attempt.failures)))
        .returning({ key: login_failures.key })
      if (restored.length) return
      await db
        .update(login_failures)
        .set({ failures: sql`greatest(${login_failures.failures} - 1, 0)` })
        .where(eq(login_failures.key, attempt.key))
    },
    async clear(keys: readonly string[]) {
      if (!keys.length) return
      await db.delete(login_failures).where(inArray(login_failures.key, [...keys]))
    },
    /** Forgets counters whose last failure is older than `before` and that delay nobody any more. */
    async purge(before: Date, now: Date) {
      await db
        .delete(login_failures)
        .where(
          and(
            lt(login_failures.last_failure_at, before),
            or(isNull(login_failures.blocked_until), lt(login_failures.blocked_until, now)),
          ),
        )
    },
  }
}
export type LoginThrottleDal = ReturnType<typeof createLoginThrottleDal>
