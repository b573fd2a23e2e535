import { describe, expect, it } from 'vitest'
import { useTestDatabase } from '../test/test-database'
import { type ReadingRow, storeReadings, storeRejections } from './readings-dal'

/**
 * The ingest statement (readings, latest values, hourly and daily rollups, the module's last data
 * time), called directly on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
const used = useTestDatabase()

const at = (time: string) => new Date(`2030-05-01T${time}:00Z`)

async function seededModule(timeZone = 'Europe/Warsaw') {
  const idClient = await used.rows.client({ time_zone: timeZone })
  const objectId = await used.rows.module(idClient)
  const reading = (field: string, time: string, value: number | null, client = idClient): ReadingRow => ({
    objectId,
    field,
    ts: at(time),
    value,
    idClient: client,
  })
  return { idClient, objectId, reading }
}

interface Rollup {
  bucket: string
  id_client: number
  count: number
  sum: number
  min: number
  max: number
  first_ts: string
  first_value: number
  last_ts: string
  last_value: number
}
async function rollups(table: 'readings_hourly' | 'readings_daily', objectId: number, field: string) {
  const day = table === 'readings_daily' ? `day::text as day,` : ''
  const { rows: found } = await used.database.pool.query<Rollup & { day?: string }>(
    `select ${day} bucket, id_client, count, sum, min, max, first_ts, first_value, last_ts, last_value
       from ${table} where object_id = $1 and field = $2 order by bucket, id_client`,
    [objectId, field],
  )
  return found.map((row) => ({
    ...row,
    bucket: new Date(row.bucket).toISOString(),
    first_ts: new Date(row.first_ts).toISOString(),
    last_ts: new Date(row.last_ts).toISOString(),
  }))
}
const iso = (time: string) => at(time).toISOString()

describe('storing a batch', () => {
  it('is idempotent: a batch delivered again inserts nothing and changes no rollup, latest value or count', async () => {
    const { objectId, reading } = await seededModule()
    const batch = [reading('T', '10:00', 20), reading('T', '10:01', 21), reading('H', '10:00', 50)]
    const first = await storeReadings(used.database.pool, batch)
    expect(first.insertedCount).toBe(3)
    expect(batch.every((row) => first.isInserted(row.objectId, row.field, row.ts))).toBe(true)
    const hourly = await rollups('readings_hourly', objectId, 'T')
    const daily = await rollups('readings_daily', objectId, 'T')

    const again = await storeReadings(used.database.pool, batch)
    expect(again.insertedCount).toBe(0)
    expect(batch.some((row) => again.isInserted(row.objectId, row.field, row.ts))).toBe(false)
    expect(again.latest).toEqual([])
    expect(await rollups('readings_hourly', objectId, 'T')).toEqual(hourly)
    expect(await rollups('readings_daily', objectId, 'T')).toEqual(daily)
    const { rows: stored } = await used.database.pool.query(
      'select count(*)::int as n from readings where object_id = $1',
      [objectId],
    )
    expect(stored[0].n).toBe(3)
  })

  it('tells which rows of a partly redelivered batch were new', async () => {
    const { reading } = await seededModule()
    await storeReadings(used.database.pool, [reading('T', '10:00', 20)])
    const batch = [reading('T', '10:00', 25), reading('T', '10:01', 21)]
    const stored = await storeReadings(used.database.pool, batch)
    expect(stored.insertedCount).toBe(1)
    expect(batch.map((row) => stored.isInserted(row.objectId, row.field, row.ts))).toEqual([false, true])
  })
})

describe('the hourly and daily rollups', () => {
  it('hold exact count, sum, min, max, first and last after several batches, a repeated reading, a late one and a null', async () => {
    const { idClient, objectId, reading } = await seededModule()
    await storeReadings(used.database.pool, [reading('T', '10:05', 2), reading('T', '10:20', 5)])
    // 10:20 again with another value: a redelivery, ignored.
    await storeReadings(used.database.pool, [
      reading('T', '10:20', 99),
      reading('T', '10:50', -1.5),
      reading('T', '11:10', 4),
    ])
    // Late and out of order; a reading without a value counts in no rollup.
    await storeReadings(used.database.pool, [
      reading('T', '10:01', 7.25),
      reading('T', '10:30', null),
      reading('T', '11:00', 0.5),
    ])

    expect(await rollups('readings_hourly', objectId, 'T')).toEqual([
      {
        bucket: iso('10:00'),
        id_client: idClient,
        count: 4,
        sum: 12.75,
        min: -1.5,
        max: 7.25,
        first_ts: iso('10:01'),
        first_value: 7.25,
        last_ts: iso('10:50'),
        last_value: -1.5,
      },
      {
        bucket: iso('11:00'),
        id_client: idClient,
        count: 2,
        sum: 4.5,
        min: 0.5,
        max: 4,
        first_ts: iso('11:00'),
        first_value: 0.5,
        last_ts: iso('11:10'),
        last_value: 4,
      },
    ])
    // One local day (Warsaw, UTC+2): its bucket is its local midnight.
    expect(await rollups('readings_daily', objectId, 'T')).toEqual([
      {
        day: '2030-05-01',
        bucket: '2030-04-30T22:00:00.000Z',
        id_client: idClient,
        count: 6,
        sum: 17.25,
        min: -1.5,
        max: 7.25,
        first_ts: iso('10:01'),
        first_value: 7.25,
        last_ts: iso('11:10'),
        last_value: 4,
      },
    ])
  })

  it("count days in the account's time zone: local midnight splits them, not UTC's", async () => {
    const warsaw = await seededModule('Europe/Warsaw')
    const utc = await seededModule('UTC')
    for (const { reading } of [warsaw, utc])
      await storeReadings(used.database.pool, [
        reading('T', '21:59', 1),
        reading('T', '22:00', 2),
        reading('T', '23:59', 3),
      ])
    const days = async (objectId: number) =>
      (await rollups('readings_daily', objectId, 'T')).map((row) => [row.day, row.bucket, row.count, row.sum])
    expect(await days(warsaw.objectId)).toEqual([
      ['2030-05-01', '2030-04-30T22:00:00.000Z', 1, 1],
      ['2030-05-02', '2030-05-01T22:00:00.000Z', 2, 5],
    ])
    expect(await days(utc.objectId)).toEqual([['2030-05-01', '2030-05-01T00:00:00.000Z', 3, 6]])
    expect((await rollups('readings_hourly', warsaw.objectId, 'T')).map((row) => row.bucket)).toEqual([
      iso('21:00'),
      iso('22:00'),
      iso('23:00'),
    ])
  })

  it('are kept apart per account: readings of a module that moved to another account never mix', async () => {
    const { idClient, objectId, reading } = await seededModule()
    const next = await used.rows.client({ time_zone: 'UTC' })
    await storeReadings(used.database.pool, [reading('T', '10:00', 1), reading('T', '10:30', 2, next)])
    expect(
      (await rollups('readings_hourly', objectId, 'T')).map((row) => [row.id_client, row.count, row.sum]),
    ).toEqual(
      [
        [idClient, 1, 1],
        [next, 1, 2],
      ].sort((a, b) => a[0]! - b[0]!),
    )
    const { rows: stored } = await used.database.pool.query(
      'select ts, id_client from readings where object_id = $1 order by ts',
      [objectId],
    )
    expect(stored.map((row) => row.id_client)).toEqual([idClient, next])
  })
})

describe("a field's latest value and the module's last data time", () => {
  it('move forward only, keeping the value before; a late older reading moves neither', async () => {
    const { objectId, reading } = await seededModule()
    const first = await storeReadings(used.database.pool, [
      reading('T', '10:00', 20),
      reading('T', '10:05', 21),
    ])
    expect(first.latest).toEqual([
      { objectId, field: 'T', ts: at('10:05'), value: 21, prevTs: null, prevValue: null },
    ])
    const second = await storeReadings(used.database.pool, [
      reading('T', '10:10', 22),
      reading('T', '09:00', 5),
    ])
    expect(second.latest).toEqual([
      { objectId, field: 'T', ts: at('10:10'), value: 22, prevTs: at('10:05'), prevValue: 21 },
    ])
    expect((await storeReadings(used.database.pool, [reading('T', '09:30', 6)])).latest).toEqual([])
    const { rows: latest } = await used.database.pool.query(
      'select ts, value, prev_ts, prev_value from latest_readings where object_id = $1',
      [objectId],
    )
    expect(latest).toEqual([{ ts: at('10:10'), value: 22, prev_ts: at('10:05'), prev_value: 21 }])
    const { rows: objects } = await used.database.pool.query(
      'select last_data_at from objects where id = $1',
      [objectId],
    )
    expect(objects[0].last_data_at).toEqual(at('10:10'))
  })
})

describe('refused messages', () => {
  it('add up per module and reason, keeping the latest detail and time', async () => {
    const serial = `R${Math.random().toString(36).slice(2, 8)}`
    await storeRejections(used.database.pool, [
      { serial, reason: 'bad_value', count: 2, detail: 'T: -999', at: at('10:00') },
      { serial, reason: 'unknown_field', count: 1, detail: 'X', at: at('10:00') },
    ])
    await storeRejections(used.database.pool, [
      { serial, reason: 'bad_value', count: 3, detail: 'T: 900', at: at('11:00') },
    ])
    const { rows: found } = await used.database.pool.query(
      'select reason, count::int as count, last_at, last_detail from ingest_rejections where serial = $1 order by reason',
      [serial],
    )
    expect(found).toEqual([
      { reason: 'bad_value', count: 5, last_at: at('11:00'), last_detail: 'T: 900' },
      { reason: 'unknown_field', count: 1, last_at: at('10:00'), last_detail: 'X' },
    ])
  })
})
