import type { ProfileTestChannel } from '@kropla/domain'
import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'

/** The reason a test message's run item keeps when its provider refused it. */
export const providerRefusedReason = 'test_provider_refused'

/**
 * The test messages' read of test_runs: when a user last tested a channel in a way that counts
 * against the limit (still running, sent, or refused by the provider), in any account they work in.
 */
export function createTestProfileDal(db: Executor) {
  return {
    async lastCounted(idUser: number, channel: ProfileTestChannel, since: Date): Promise<Date | null> {
      const result = await db.execute<{ at: unknown }>(
        sql`select max(started_at) as at from test_runs
            where id_user = ${idUser} and kind = ${channel} and started_at >= ${since.toISOString()}
              and (result in ('running', 'pass')
                   or details -> 'items' -> 0 ->> 'reason' = ${providerRefusedReason})`,
      )
      const at = result.rows[0]?.at
      return at === null || at === undefined ? null : new Date(at as string | Date)
    },
  }
}
