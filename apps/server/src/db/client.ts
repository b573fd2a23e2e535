import fs from 'node:fs'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { AuditedPool } from './actor-context'
import { lockDataDir } from './embedded/data-dir-lock'
import { startEmbeddedPostgres } from './embedded/start-embedded'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>

export interface Database {
  db: Db
  pool: pg.Pool
  kind: 'embedded' | 'postgres'
  close(): Promise<void>
}

// Timestamps and bigints come back as strings from node-postgres unless told otherwise.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/**
 * Opens the database: a real PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR
 * (locked against a second process). Both are reached through node-postgres, so every query is
 * the same code.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new AuditedPool({ connectionString: options.databaseUrl, max: 10 })
    await pool.query('select 1')
    return { db: drizzle(pool, { schema }), pool, kind: 'postgres', close: () => pool.end() }
  }
  fs.mkdirSync(options.dataDir, { recursive: true })
  const unlock = lockDataDir(options.dataDir)
  try {
    const embedded = await startEmbeddedPostgres(options.dataDir)
    // PGlite is one connection: a pool of one keeps transactions on their own session.
    const pool = new AuditedPool({
      host: embedded.socketDir,
      port: embedded.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
    })
    await pool.query('select 1')
    return {
      db: drizzle(pool, { schema }),
      pool,
      kind: 'embedded',
      async close() {
        await pool.end()
        await embedded.stop()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}
