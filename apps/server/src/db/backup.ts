import fs from 'node:fs'
import readline from 'node:readline'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import type pg from 'pg'
import type { Database } from './client'

/** Tables in the order a restore must insert them (parents before children). */
export const backupTables = [
  'clients',
  'users',
  'user_clients',
  'user_tokens',
  'sessions',
  'objects',
  'readings',
  'latest_readings',
  'readings_hourly',
  'readings_daily',
  'ingest_rejections',
  'water_sources',
  'outputs',
  'water_source_outputs',
  'groups',
  'group_objects',
  'group_outputs',
  'sections',
  'section_groups',
  'regions',
  'region_objects',
  'region_outputs',
  'geo_objects',
  'schedules',
  'outputs_plans',
  'commands',
  'manual_opens',
  'alarms',
  'alarm_notifications',
  'push_subscriptions',
  'app_secrets',
  'messages',
  'user_messages',
  'message_templates',
  'dashboards',
  'weather_settings',
  'report_templates',
  'test_runs',
  'audit_log',
] as const

/**
 * Tables a backup leaves out on purpose, each with the reason (backup.unit.test.ts fails on a table of
 * the schema that is in neither list, so a new table is a decision, not an oversight).
 */
export const tablesLeftOutOfBackups = {
  // Transient throttle state, not farm data: counters of failed logins, registration and reset
  // attempts, forgotten within hours. Their keys are HMACs under the session secret, which lives
  // outside the database (SESSION_SECRET or the data directory), so on another installation they
  // would match nothing; a restore keeps the target's own counters, so restoring cannot reset the
  // delays an attacker has earned there.
  login_failures: 'transient login-throttle counters keyed under the session secret',
} as const
const chunkRows = 2000

interface BackupHeader {
  kropla_backup: 1
  created_at: string
  migrations: number
  tables: readonly string[]
}

async function appliedMigrations(queryable: Pick<pg.ClientBase, 'query'>): Promise<number> {
  const result = await queryable.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  )
  return result.rows[0]?.count ?? 0
}

/**
 * Writes a logical backup: gzip'd JSON lines, a header then chunks of rows per table. The same
 * file restores into PGlite or PostgreSQL, so it also moves a farm from one to the other.
 */
export async function backupDatabase(database: Database, file: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  const header: BackupHeader = {
    kropla_backup: 1,
    created_at: new Date().toISOString(),
    migrations: await appliedMigrations(database.pool),
    tables: backupTables,
  }
  const client = await database.pool.connect()
  const tmp = `${file}.partial`
  try {
    await client.query('begin isolation level repeatable read read only')
    async function* lines() {
      yield `${JSON.stringify(header)}\n`
      for (const table of backupTables) {
        counts[table] = 0
        await client.query(
          `declare backup_cursor no scroll cursor for select row_to_json(t) as row from ${table} t`,
        )
        for (;;) {
          const { rows } = await client.query<{ row: unknown }>(`fetch ${chunkRows} from backup_cursor`)
          if (rows.length === 0) break
          counts[table] += rows.length
          yield `${JSON.stringify({ table, rows: rows.map((r) => r.row) })}\n`
        }
        await client.query('close backup_cursor')
      }
    }
    await pipeline(lines, createGzip(), fs.createWriteStream(tmp))
    await client.query('commit')
    fs.renameSync(tmp, file)
    return counts
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    fs.rmSync(tmp, { force: true })
    throw error
  } finally {
    client.release()
  }
}

/** Replaces every table's content with the backup's, in one transaction: all or nothing. */
export async function restoreDatabase(database: Database, file: string): Promise<Record<string, number>> {
  const client = await database.pool.connect()
  const counts: Record<string, number> = {}
  try {
    await client.query('begin')
    // The restored rows keep their own history: the audit triggers stay quiet (migration 0010).
    await client.query("select set_config('kropla.audit', 'off', true)")
    let header: BackupHeader | undefined
    // Made right before the loop: readline emits lines at once, and lines nobody listens for are lost.
    const input = readline.createInterface({
      input: fs.createReadStream(file).pipe(createGunzip()),
      crlfDelay: Infinity,
    })
    for await (const line of input) {
      if (!line.trim()) continue
      if (!header) {
        header = JSON.parse(line) as BackupHeader
        if (header.kropla_backup !== 1) throw new Error(`${file} is not a Kropla backup.`)
        const current = await appliedMigrations(client)
        if (header.migrations !== current) {
          throw new Error(
            `The backup was made at schema version ${header.migrations}; this database is at ${current}.`,
          )
        }
        await client.query(`truncate ${backupTables.join(', ')} restart identity cascade`)
        continue
      }
      const chunk = JSON.parse(line) as { table: string; rows: unknown[] }
      if (!(backupTables as readonly string[]).includes(chunk.table))
        throw new Error(`Unknown table ${chunk.table}.`)
      await client.query(
        `insert into ${chunk.table} select * from json_populate_recordset(null::${chunk.table}, $1::json)`,
        [JSON.stringify(chunk.rows)],
      )
      counts[chunk.table] = (counts[chunk.table] ?? 0) + chunk.rows.length
    }
    if (!header) throw new Error(`${file} is empty.`)
    // Every serial id continues after the restored rows, so new rows never collide with them.
    const { rows: serialTables } = await client.query<{ table_name: string }>(
      `select table_name from information_schema.columns
        where table_schema = current_schema() and column_name = 'id' and column_default like 'nextval%'`,
    )
    for (const { table_name: table } of serialTables) {
      if (!(backupTables as readonly string[]).includes(table)) continue
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
      )
    }
    await client.query('commit')
    return counts
  } catch (error) {
    await client.query('rollback').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}
