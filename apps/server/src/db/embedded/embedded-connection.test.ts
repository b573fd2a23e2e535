import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, openDatabase } from '../client'

let dataDir: string
let database: Database
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-embedded-'))
  database = await openDatabase({ dataDir })
}, 60_000)
afterAll(async () => {
  await database?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

test('the query after one the embedded database refused runs (the pool’s replacement connection is let in)', async () => {
  const refusals = [
    ['select $1::timestamptz', ['0000-01-01T00:00:00Z']],
    ['select $1::text', ['Row\u0000A']],
    ['select 1/0', []],
  ] as const
  for (const [statement, values] of refusals) {
    await expect(database.pool.query(statement, [...values])).rejects.toThrow()
    // Immediately, as the next request would: before, this one failed with ECONNRESET or EPIPE.
    const next = await database.pool.query<{ one: number }>('select 1 as one')
    expect(next.rows).toEqual([{ one: 1 }])
  }
}, 60_000)

test('a transaction left open by a refused statement does not leak into the next connection', async () => {
  const client = await database.pool.connect()
  await client.query('begin')
  await client.query('create table leak_check (n int)')
  await expect(client.query('select 1/0')).rejects.toThrow()
  client.release(true)
  const tables = await database.pool.query(
    "select count(*)::int as n from pg_tables where tablename = 'leak_check'",
  )
  expect(tables.rows).toEqual([{ n: 0 }])
}, 60_000)
