import type { Database } from './client'

/** How often the embedded database is vacuumed and analysed. */
export const embeddedMaintenanceMs = 15 * 60 * 1000

/**
 * PGlite runs no autovacuum: without this pass (repeated every `embeddedMaintenanceMs` on an
 * embedded database only), `latest_readings` and the rollups (rewritten by every ingest batch) pile up dead rows
 * and the planner never gets statistics. A real PostgreSQL does it itself.
 */
export async function maintainEmbeddedDatabase(database: Database): Promise<void> {
  await database.pool.query('vacuum (analyze) latest_readings')
  await database.pool.query('vacuum (analyze) readings_hourly')
  await database.pool.query('vacuum (analyze) readings_daily')
  await database.pool.query('analyze readings')
}
