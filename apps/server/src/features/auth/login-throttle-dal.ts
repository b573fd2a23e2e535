import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { login_failures } from '../../db/schema'

export function createLoginThrottleDal(db: Db) {
  return {
    async find(keys: readonly string[]) {
      if (!keys.length) return []
      return db
        .select()
        .from(login_failures)
        .where(inArray(login_failures.key, [...keys]))
    },
    /** Counts one failure (starting again at 1 when the last was before `forgetBefore`); returns the count. */
    async addFailure(key: string, now: Date, forgetBefore: Date): Promise<number> {
      const [row] = await db
        .insert(login_failures)
        .values({ key, failures: 1, last_failure_at: now })
        .onConflictDoUpdate({
          target: login_failures.key,
          set: {
            failures: sql`case when ${login_failures.last_failure_at} < ${forgetBefore}::timestamptz then 1 else ${login_failures.failures} + 1 end`,
            last_failure_at: now,
          },
        })
        .returning({ failures: login_failures.failures })
      return row!.failures
    },
    async setBlockedUntil(key: string, until: Date | null) {
      await db.update(login_failures).set({ blocked_until: until }).where(eq(login_failures.key, key))
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
