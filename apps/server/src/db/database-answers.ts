import type pg from 'pg'

/**
 * Whether the database answers `select 1`. One retry: a pooled connection the database closed since its last use (a PostgreSQL restart, a
 * proxy's idle time-out) fails once, and the pool has dropped it by the second try.
 */
export async function databaseAnswers(pool: pg.Pool): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (
      await pool.query('select 1').then(
        () => true,
        () => false,
      )
    )
      return true
  }
  return false
}
