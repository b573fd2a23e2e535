import type { Db } from '../../db/client'

/** A transaction, or the database itself: data access runs on either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Executor = Db | Tx

/** PostgreSQL's unique_violation (23505), seen through Drizzle's wrapper; optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let cause = error; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const pgError = cause as { code?: unknown; constraint?: unknown }
    if (pgError.code === '23505') return constraint === undefined || pgError.constraint === constraint
  }
  return false
}
