import type { Logger } from 'pino'
import type { Database } from './client'

const everyMs = 15 * 60 * 1000

/**
 * PGlite runs no autovacuum: without this, `latest_readings` (rewritten by every ingest batch)
 * piles up dead rows and the planner never gets statistics. A real PostgreSQL does it itself.
 */
export function startEmbeddedMaintenance(database: Database, logger: Logger): () => void {
  if (database.kind !== 'embedded') return () => undefined
  let running = false
  const timer = setInterval(async () => {
    if (running) return
    running = true
    try {
      await database.pool.query('vacuum (analyze) latest_readings')
      await database.pool.query('analyze readings')
    } catch (error) {
      logger.warn({ err: error }, 'database maintenance failed')
    } finally {
      running = false
    }
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
