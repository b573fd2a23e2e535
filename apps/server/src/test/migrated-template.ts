import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDatabase } from '../db/client'
import { migrateDatabase } from '../db/migrate'

/**
 * A database with every migration applied, made once per version of the migrations and copied for
 * each test server: an empty embedded database costs initdb and every migration (about 3 s on a quiet
 * machine, 8 s on a busy one), a copy about a second. The servers still run the migrations, which find
 * nothing to do, so a test server starts the way a production one does.
 */
const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url))

function migrationsVersion(): string {
  const hash = createHash('sha256')
  const files = fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()
  for (const file of files) {
    const full = path.join(migrationsFolder, file)
    if (!fs.statSync(full).isFile()) continue
    hash.update(file).update(fs.readFileSync(full))
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * The `pgdata` directory of a migrated embedded database, for copying. Made in a scratch directory
 * and renamed into place, so test processes starting together never copy a half-made one.
 */
export async function embeddedTemplate(): Promise<string> {
  const ready = path.join(os.tmpdir(), `kropla-template-${migrationsVersion()}`)
  if (fs.existsSync(ready)) return path.join(ready, 'pgdata')
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-template-making-'))
  const database = await openDatabase({ dataDir: scratch })
  try {
    await migrateDatabase(database)
  } finally {
    await database.close()
  }
  try {
    fs.renameSync(scratch, ready)
  } catch {
    // Another process made it first: theirs is as good.
    fs.rmSync(scratch, { recursive: true, force: true })
  }
  return path.join(ready, 'pgdata')
}

/** Copies a migrated embedded database into `dataDir` (where the server looks for `pgdata`). */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  const template = await embeddedTemplate()
  await fs.promises.cp(template, path.join(dataDir, 'pgdata'), { recursive: true })
}

/**
 * The name of a migrated database on the PostgreSQL at `adminUrl`, for `create database … template`.
 * PostgreSQL copies a template only while nobody is connected to it, so it is made under an advisory
 * lock and left alone afterwards.
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `kropla_template_${migrationsVersion()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query('select pg_advisory_lock(7260002)')
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (!rowCount) {
      // Left behind by a run that stopped half-way through making it.
      await admin.query(`drop database if exists ${name}_making with (force)`)
      await admin.query(`create database ${name}_making`)
      const url = new URL(adminUrl)
      url.pathname = `/${name}_making`
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() })
      try {
        await migrateDatabase(database)
      } finally {
        await database.close()
      }
      await admin.query(`alter database ${name}_making rename to ${name}`)
    }
    return name
  } finally {
    await admin.query('select pg_advisory_unlock(7260002)').catch(() => undefined)
    await admin.end()
  }
}
