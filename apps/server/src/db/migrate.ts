import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { Database } from './client'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
/** Any constant: serialises migrations when several server processes start against one PostgreSQL. */
const migrationLockKey = 7_260_001

export async function migrateDatabase(database: Database): Promise<void> {
  const client = await database.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey])
    await migrate(drizzle(client), { migrationsFolder })
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined)
    client.release()
  }
}
