import type pg from 'pg'

/** The `app_secrets` table: values the server generates once and every process then shares. */
export function createAppSecrets(pool: pg.Pool) {
  return {
    /**
     * Stores the proposed value unless the key holds one already, then answers the stored value:
     * processes proposing together all end up with the first one stored.
     */
    async keepFirst<T>(key: string, proposed: T): Promise<T | null> {
      await pool.query(
        'insert into app_secrets (key, value) values ($1, $2::jsonb) on conflict (key) do nothing',
        [key, JSON.stringify(proposed)],
      )
      const stored = await pool.query<{ value: T }>('select value from app_secrets where key = $1', [key])
      return stored.rows[0]?.value ?? null
    },
  }
}
export type AppSecrets = ReturnType<typeof createAppSecrets>
