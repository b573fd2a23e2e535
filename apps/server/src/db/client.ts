import fs from 'node:fs'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { AuditedPool } from './actor-context'
import { lockDataDir } from './embedded/data-dir-lock'
import { startEmbeddedPostgres } from './embedded/start-embedded'
import { createPriorityGate, type PriorityGate } from './priority-gate'
import * as schema from './schema'

export type Db = NodePgDatabase<typeof schema>

export interface Database {
  db: Db
  pool: pg.Pool
  /**
   * Ingest's own way to the database (ADR 0093), so that a module's acknowledgement never waits
   * behind a user's query: on PostgreSQL a small pool of its own; on the embedded database a second
   * connection whose statements take the next turn at the gate before anything queued.
   */
  ingest: { db: Db; pool: pg.Pool }
  /** The embedded database's turns (none on PostgreSQL). */
  gate?: PriorityGate
  kind: 'embedded' | 'postgres'
  close(): Promise<void>
}

// Timestamps and bigints come back as strings from node-postgres unless told otherwise.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/**
 * How long a read a user's request starts may take: PostgreSQL stops it (`statement_timeout`);
 * the embedded database, which cannot interrupt a statement, refuses one that has not started by
 * then. Either way the user is told `took_too_long` (ADR 0093).
 */
export const defaultUserReadTimeoutMs = 15_000

/**
 * An idle connection that the database ends (a restart, a fail-over, an administrator, a dropped
 * test database) is an 'error' event on its pool, which ends the process when nobody listens. The
 * pool has already let that connection go, and the next query opens a new one: nothing to do.
 */
function survivesIdleConnectionLoss(pool: pg.Pool): void {
  pool.on('error', () => undefined)
}

/** Connections of PostgreSQL's pools: the server's own work and users' writes, users' reads, ingest. */
const postgresPools = { main: 10, userReads: 8, ingest: 2 }

/**
 * Opens the database: a real PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR
 * (locked against a second process). Both are reached through node-postgres, so every query is
 * the same code.
 */
export async function openDatabase(options: {
  databaseUrl?: string
  dataDir: string
  userReadTimeoutMs?: number
}): Promise<Database> {
  const userReadTimeoutMs = options.userReadTimeoutMs ?? defaultUserReadTimeoutMs
  if (options.databaseUrl) {
    const connectionString = options.databaseUrl
    const userReads = new pg.Pool({
      connectionString,
      max: postgresPools.userReads,
      statement_timeout: userReadTimeoutMs,
    })
    const pool = new AuditedPool({ connectionString, max: postgresPools.main, userReads })
    const ingestPool = new pg.Pool({ connectionString, max: postgresPools.ingest })
    for (const each of [pool, userReads, ingestPool]) survivesIdleConnectionLoss(each)
    try {
      await Promise.all([pool.query('select 1'), ingestPool.query('select 1')])
    } catch (error) {
      await Promise.all([pool.end(), userReads.end(), ingestPool.end()]).catch(() => undefined)
      throw error
    }
    return {
      db: drizzle(pool, { schema }),
      pool,
      ingest: { db: drizzle(ingestPool, { schema }), pool: ingestPool },
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), userReads.end(), ingestPool.end()])
      },
    }
  }
  fs.mkdirSync(options.dataDir, { recursive: true })
  const unlock = lockDataDir(options.dataDir)
  try {
    const embedded = await startEmbeddedPostgres(options.dataDir)
    const gate = createPriorityGate()
    // PGlite is one connection: a pool of one keeps transactions on their own session, and the
    // gate decides whose statement goes next.
    const connection = {
      host: embedded.socketDir,
      port: embedded.port,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      gate,
    }
    const pool = new AuditedPool({ ...connection, userReadTimeoutMs })
    const ingestPool = new AuditedPool({ ...connection, lane: 'ingest' })
    for (const each of [pool, ingestPool]) survivesIdleConnectionLoss(each)
    await pool.query('select 1')
    return {
      db: drizzle(pool, { schema }),
      pool,
      ingest: { db: drizzle(ingestPool, { schema }), pool: ingestPool },
      gate,
      kind: 'embedded',
      async close() {
        await pool.end()
        await ingestPool.end()
        await embedded.stop()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}
