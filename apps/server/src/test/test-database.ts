import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { planStatus } from '@kropla/domain'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { type Database, openDatabase } from '../db/client'
import { createOutputsPlansDal, type NewPlan } from '../runtime/outputs-plans-dal'
import { postgresTemplate, seedEmbeddedDataDir } from './migrated-template'

/** A fresh database on the PostgreSQL at `adminUrl`, copied from the migrated template; `drop` removes it. */
export async function createScratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `kropla_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const template = await postgresTemplate(adminUrl)
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${template}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/**
 * Resolves once every connection the pool has open now is closed. pool.end() resolves before they
 * are; dropping the database (with force) meanwhile would fail a closing connection with an
 * uncaught FATAL.
 */
export function poolClosed(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount
  let closed = 0
  return new Promise<void>((resolve) => {
    if (!open) resolve()
    pool.on('remove', () => {
      if (++closed >= open) resolve()
    })
    setTimeout(resolve, 5000).unref()
  })
}

/**
 * A migrated database of its own, without a server, for tests of data-access modules: PGlite
 * copied from the migrated template, or a scratch database on the PostgreSQL named by
 * TEST_DATABASE_URL. `close` removes it. One a test file: a copy costs about a second.
 */
export async function openTestDatabase(): Promise<Database> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-dal-'))
  const scratch = process.env.TEST_DATABASE_URL
    ? await createScratchDatabase(process.env.TEST_DATABASE_URL)
    : null
  if (!scratch) await seedEmbeddedDataDir(dataDir)
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir })
  return {
    ...database,
    async close() {
      const closed = poolClosed(database.pool)
      await database.close()
      await closed
      await scratch?.drop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * This test file's database, opened before its tests (`beforeAll`) and removed after them, with
 * its row seeders: `used.database`, `used.rows` from the first test on.
 */
export function useTestDatabase() {
  const used = {} as { database: Database; rows: TestRows }
  beforeAll(async () => {
    used.database = await openTestDatabase()
    used.rows = testRows(used.database)
  })
  afterAll(async () => {
    await used.database?.close()
  })
  return used
}

/** What a test schedule may differ in. */
interface ScheduleChanges {
  type?: number
  deleted_at?: Date | null
  ended_at?: Date | null
  paused_from?: Date | null
  paused_until?: Date | null
  planned_until?: Date | null
  definition?: unknown
}

/**
 * Rows the data-access tests build on, stored directly (tests may write SQL), runs through the
 * owner of `outputs_plans`. Names are unique per database; every id is the new row's.
 */
export function testRows({ pool, db }: Pick<Database, 'pool' | 'db'>) {
  let unique = 0
  const next = () => `${++unique}${Math.random().toString(36).slice(2, 6)}`
  const id = async (text: string, values: unknown[]) =>
    Number((await pool.query<{ id: number }>(text, values)).rows[0]!.id)
  const rows = {
    /** A client account (Europe/Warsaw unless told). */
    client: (
      changes: { name?: string; time_zone?: string; blocked?: boolean; expires_at?: Date | null } = {},
    ) =>
      id('insert into clients (name, time_zone, blocked, expires_at) values ($1, $2, $3, $4) returning id', [
        changes.name ?? `Farm ${next()}`,
        changes.time_zone ?? 'Europe/Warsaw',
        changes.blocked ?? false,
        changes.expires_at ?? null,
      ]),
    /** A module of the fleet, activated in `idClient` (null: manufactured, not activated). */
    module: (
      idClient: number | null,
      changes: { serial?: string; model?: string; name?: string; last_data_at?: Date | null } = {},
    ) => {
      const serial = changes.serial ?? `S${next()}`
      return id(
        `insert into objects (serial, pin, last_device_model, id_client, name, last_data_at, activated_at)
         values ($1, '1234', $2, $3, $4, $5, case when $3::int is null then null else now() end) returning id`,
        [serial, changes.model ?? 'AM-411', idClient, changes.name ?? serial, changes.last_data_at ?? null],
      )
    },
    /** An output (irrigating valve unless told) on a module terminal. */
    output: (
      idClient: number,
      idObject: number,
      field: string,
      changes: { kind?: string; type?: string } = {},
    ) =>
      id(
        `insert into outputs (id_client, id_object, field_name, name, kind, type)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [idClient, idObject, field, `Valve ${field}`, changes.kind ?? 'output', changes.type ?? 'irr'],
      ),
    /** A schedule (sequential, every day from 2030-01-01) of the account. */
    schedule: (idClient: number, changes: ScheduleChanges = {}) =>
      id(
        `insert into schedules (id_client, name, type, begin_date, time_zone, definition, deleted_at, ended_at,
           paused_from, paused_until, planned_until)
         values ($1, $2, $3, '2030-01-01', 'Europe/Warsaw', $4, $5, $6, $7, $8, $9) returning id`,
        [
          idClient,
          `Schedule ${next()}`,
          changes.type ?? 1,
          JSON.stringify(changes.definition ?? {}),
          changes.deleted_at ?? null,
          changes.ended_at ?? null,
          changes.paused_from ?? null,
          changes.paused_until ?? null,
          changes.planned_until ?? null,
        ],
      ),
    /** A water source of the account. */
    waterSource: (idClient: number) =>
      id('insert into water_sources (id_client, name) values ($1, $2) returning id', [
        idClient,
        `Well ${next()}`,
      ]),

    /**
     * An account with a module, its outputs o1-o3 and one schedule (`schedule` its changes). `run`
     * fills in a run's defaults (the first output, an element run, planned, 10 minutes, meant for
     * when it opens); `store` saves runs so and answers their ids.
     */
    async plansFarm(schedule: ScheduleChanges = {}) {
      const idClient = await rows.client()
      const idObject = await rows.module(idClient)
      const outputs: number[] = []
      for (const field of ['o1', 'o2', 'o3']) outputs.push(await rows.output(idClient, idObject, field))
      const idSchedule = await rows.schedule(idClient, schedule)
      const run = (changes: Partial<NewPlan> & { open_at: Date }): NewPlan => ({
        id_client: idClient,
        id_schedule: idSchedule,
        id_output: outputs[0]!,
        role: 'element',
        planned_at: changes.open_at,
        duration: 10,
        status: planStatus.planned,
        ...changes,
      })
      const store = (...runs: (Partial<NewPlan> & { open_at: Date })[]) =>
        createOutputsPlansDal(db).insert(runs.map(run))
      return { idClient, idObject, outputs, idSchedule, run, store }
    },
  }
  return rows
}
export type TestRows = ReturnType<typeof testRows>
