import fs from 'node:fs'
import type { HistoryAck, HistoryAnswer } from '@kropla/domain'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReadingRow, storeReadings } from '../../ingest/readings-dal'
import {
  connectBrowserSocket,
  httpSession,
  type SeededAccount,
  startWithAccounts,
  type TestServer,
} from '../../test/test-server'

let server: TestServer
let farm: SeededAccount
let neighbour: SeededAccount
let farmSocket: Socket
let neighbourSocket: Socket
let idClient: number

const MINUTE = 60_000
/** 28 March to 31 March 2026 UTC, every 10 minutes: Warsaw moves its clocks on the 29th. */
const from = Date.parse('2026-03-28T00:00:00Z')
const count = 3 * 144
const valueAt = (index: number) => (index % 50) + index / 1000
const temp = (index: number) => ({ ts: new Date(from + index * 10 * MINUTE), value: valueAt(index) })

async function loggedInSocket(account: typeof farm) {
  const session = httpSession(server.url)
  expect((await session.login(account.email, account.password)).status).toBe(200)
  return connectBrowserSocket(server.url, session.cookieHeader())
}

function ask(socket: Socket, payload: unknown) {
  return socket.timeout(15_000).emitWithAck('history_request', payload) as Promise<HistoryAck>
}
async function answer(payload: unknown): Promise<HistoryAnswer> {
  const ack = await ask(farmSocket, payload)
  if (!('ok' in ack)) throw new Error(`refused: ${ack.err}`)
  return ack
}

const probe = () => farm.modules[0]!
const readingRows = (indexes: number[], field = 'TEMP_1'): ReadingRow[] =>
  indexes.map((index) => ({ objectId: probe().id, field, idClient, ...temp(index) }))

beforeAll(async () => {
  ;({ server, farm, neighbour } = await startWithAccounts(['AM-100-103'], ['AM-100-103']))
  idClient = (
    await server.database.pool.query<{ id_client: number }>('select id_client from objects where id = $1', [
      probe().id,
    ])
  ).rows[0]!.id_client
  await server.database.pool.query(`update clients set time_zone = 'Europe/Warsaw' where id = $1`, [idClient])
  // Delivered as ingest would: batches out of order (the newest day first), one batch twice.
  const all = Array.from({ length: count }, (_, index) => index)
  const days = [all.slice(288), all.slice(144, 288), all.slice(0, 144)]
  for (const day of days) await storeReadings(server.database.pool, readingRows(day))
  const again = await storeReadings(server.database.pool, readingRows(all.slice(100, 200)))
  expect(again.insertedCount).toBe(0)
  // A reading without a value is stored but not rolled up.
  await storeReadings(server.database.pool, [
    { objectId: probe().id, field: 'HUMIDITY_1', idClient, ts: new Date(from), value: null },
  ])
  farmSocket = await loggedInSocket(farm)
  neighbourSocket = await loggedInSocket(neighbour)
})
afterAll(async () => {
  farmSocket?.close()
  neighbourSocket?.close()
  await server?.stop()
})

describe('history_request', () => {
  it('answers a short range with the raw readings in ascending time, timestamp fields added', async () => {
    const reply = await answer({
      id_object: probe().id,
      fields: ['timestamp', 'TEMP_1', 'timestamp_unix'],
      start_date: '2026-03-29T10:00:00Z',
      end_date: '2026-03-29T11:00:00Z',
    })
    expect(reply.resolution).toBe('raw')
    const first = (Date.parse('2026-03-29T10:00:00Z') - from) / (10 * MINUTE)
    expect(reply.rows).toEqual(
      Array.from({ length: 6 }, (_, step) => {
        const ts = new Date(Date.parse('2026-03-29T10:00:00Z') + step * 10 * MINUTE)
        return {
          timestamp: ts.toISOString().replace('T', ' ').slice(0, 19),
          dtimestamp: ts.toISOString(),
          timestamp_unix: ts.getTime() / 1000,
          TEMP_1: valueAt(first + step),
        }
      }),
    )
  })

  it('answers a longer range raw when its readings still fit max_points (counted first)', async () => {
    const reply = await answer({
      id_object: probe().id,
      fields: ['TEMP_1'],
      start_date: '2026-03-28T00:00:00Z',
      end_date: '2026-03-31T00:00:00Z',
      max_points: 500,
    })
    expect(reply.resolution).toBe('raw')
    expect(reply.rows).toHaveLength(count)
    expect(reply.rows.at(-1)?.TEMP_1).toBe(valueAt(count - 1))
  })

  it('answers from hourly rollups when the raw rows would pass max_points: avg, min, max, sum, count', async () => {
    const reply = await answer({
      id_object: probe().id,
      fields: ['TEMP_1'],
      start_date: '2026-03-29T00:00:00Z',
      end_date: '2026-03-30T00:00:00Z',
      max_points: 24,
    })
    expect(reply.resolution).toBe('hour')
    expect(reply.rows).toHaveLength(24)
    const ten = reply.rows.find((row) => row.dtimestamp === '2026-03-29T10:00:00.000Z')!
    const first = (Date.parse('2026-03-29T10:00:00Z') - from) / (10 * MINUTE)
    const values = Array.from({ length: 6 }, (_, step) => valueAt(first + step))
    const sum = values.reduce((a, b) => a + b, 0)
    expect(ten.TEMP_1__count).toBe(6)
    expect(ten.TEMP_1__sum).toBeCloseTo(sum, 9)
    expect(ten.TEMP_1).toBeCloseTo(sum / 6, 9)
    expect(ten.TEMP_1__min).toBe(Math.min(...values))
    expect(ten.TEMP_1__max).toBe(Math.max(...values))
    // The redelivered batch counted once.
    const total = reply.rows.reduce((all, row) => all + Number(row.TEMP_1__count), 0)
    expect(total).toBe(144)
  })

  it('answers a range over a week from the hourly rollups, read a month at a time, each hour once', async () => {
    // 31 days after the start falls on 29 March at noon, inside the readings: a page ends there.
    const reply = await answer({
      id_object: probe().id,
      fields: ['TEMP_1'],
      start_date: '2026-02-26T12:00:00Z',
      end_date: '2026-04-15T00:00:00Z',
    })
    expect(reply.resolution).toBe('hour')
    expect(reply.rows).toHaveLength(72)
    expect(new Set(reply.rows.map((row) => row.dtimestamp)).size).toBe(72)
    expect(reply.rows.every((row) => row.TEMP_1__count === 6)).toBe(true)
  })

  it('answers a long range in the farm’s local days: the spring change day has 23 hours', async () => {
    const reply = await answer({
      id_object: probe().id,
      fields: ['TEMP_1', 'HUMIDITY_1'],
      start_date: '2026-03-27T23:00:00Z',
      end_date: '2026-03-30T22:00:00Z',
      max_points: 10,
    })
    expect(reply.resolution).toBe('day')
    expect(reply.rows.map((row) => [row.dtimestamp, row.TEMP_1__count])).toEqual([
      ['2026-03-27T23:00:00.000Z', 138], // 28 March, CET: from 00:00 UTC (data start) to 23:00 UTC
      ['2026-03-28T23:00:00.000Z', 138], // 29 March: 23 hours
      ['2026-03-29T22:00:00.000Z', 144], // 30 March, CEST
    ])
    // The same figures as the plain SQL over the raw readings, by Warsaw date.
    const plain = await server.database.pool.query(
      `select (ts at time zone 'Europe/Warsaw')::date::text as day, count(*)::int as n, sum(value) as sum,
         min(value) as min, max(value) as max
       from readings where object_id = $1 and field = 'TEMP_1' group by 1 order by 1`,
      [probe().id],
    )
    expect(plain.rows.slice(0, 3).map((row) => row.n)).toEqual([138, 138, 144])
    for (const [index, row] of reply.rows.entries()) {
      expect(row.TEMP_1__sum).toBeCloseTo(plain.rows[index].sum, 6)
      expect(row.TEMP_1__min).toBe(plain.rows[index].min)
      expect(row.TEMP_1__max).toBe(plain.rows[index].max)
      expect(row.HUMIDITY_1).toBeNull()
    }
  })

  it('keeps first and last by reading time, not arrival, when a late reading lands in a bucket', async () => {
    const late = Date.parse('2026-03-30T23:55:00Z')
    const early = Date.parse('2026-03-30T23:01:00Z')
    await storeReadings(server.database.pool, [
      { objectId: probe().id, field: 'MCI_1', idClient, ts: new Date(late), value: 9 },
    ])
    await storeReadings(server.database.pool, [
      { objectId: probe().id, field: 'MCI_1', idClient, ts: new Date(early), value: 1 },
    ])
    const rollup = await server.database.pool.query(
      `select first_ts, first_value, last_ts, last_value, count from readings_hourly
       where object_id = $1 and field = 'MCI_1'`,
      [probe().id],
    )
    expect(rollup.rows).toEqual([
      { first_ts: new Date(early), first_value: 1, last_ts: new Date(late), last_value: 9, count: 2 },
    ])
  })

  it('refuses another account’s module, an unknown field and a bad range with err and message', async () => {
    expect(await ask(neighbourSocket, { id_object: probe().id, fields: ['TEMP_1'] })).toEqual({
      err: 'module_not_found',
      message: 'This module is not on your account.',
    })
    expect(await ask(farmSocket, { id_object: probe().id, fields: ['TEMP_1', 'NOPE'] })).toEqual({
      err: 'field_unknown',
      message: 'This module has no such input.',
    })
    const badRange = {
      err: 'history_bad_range',
      message: 'The range must start before it ends and last at most ten years.',
    }
    expect(
      await ask(farmSocket, {
        id_object: probe().id,
        fields: ['TEMP_1'],
        start_date: '2026-03-30T00:00:00Z',
        end_date: '2026-03-29T00:00:00Z',
      }),
    ).toEqual(badRange)
    expect(
      await ask(farmSocket, { id_object: probe().id, fields: ['TEMP_1'], start_date: 'yesterday' }),
    ).toEqual(badRange)
    expect(await ask(farmSocket, { id_object: 'x' })).toMatchObject({ err: 'bad_request' })
  })

  it('fills the rollups from stored readings in the migration exactly as ingest keeps them', async () => {
    const pool = server.database.pool
    const tables = ['readings_hourly', 'readings_daily'] as const
    const snapshot = async () =>
      Promise.all(
        tables.map(
          async (table) =>
            // Sums are compared to 9 decimals: a sum in another order differs in its last bits.
            (
              await pool.query(
                `select *, round(sum::numeric, 9) as sum from ${table} where id_client = $1 order by 1, 2, 3`,
                [idClient],
              )
            ).rows,
        ),
      )
    const kept = await snapshot()
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0008_reading_rollups.sql', import.meta.url),
      'utf8',
    )
    const backfill = migration.split('--> statement-breakpoint').filter((part) => /INSERT INTO/.test(part))
    for (const table of tables) await pool.query(`delete from ${table} where id_client = $1`, [idClient])
    for (const statement of backfill) await pool.query(statement)
    expect(await snapshot()).toEqual(kept)
  })
})
