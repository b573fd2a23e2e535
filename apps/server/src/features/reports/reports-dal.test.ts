import { beforeAll, describe, expect, it } from 'vitest'
import { type ReadingRow, storeReadings } from '../../ingest/readings-dal'
import { useTestDatabase } from '../../test/test-database'
import { createReportsDal, type ReportsDal } from './reports-dal'

/**
 * What the series reports read, called directly on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): one account's modules and readings, never another's, in order, within the
 * range's edges. Readings go in through the ingest statement, which also keeps the rollups.
 */
const used = useTestDatabase()
let dal: ReportsDal
let farm: Awaited<ReturnType<typeof seedFarm>>
beforeAll(async () => {
  dal = createReportsDal(used.database.pool)
  farm = await seedFarm()
})

const at = (day: number, time: string) => new Date(`2030-05-0${day}T${time}:00Z`)

/**
 * Account A (Warsaw) with modules probe and meter, account B (UTC) with its own module; the probe
 * was B's once, and its readings of then are B's.
 */
async function seedFarm() {
  const a = await used.rows.client({ time_zone: 'Europe/Warsaw' })
  const b = await used.rows.client({ time_zone: 'UTC' })
  const probe = await used.rows.module(a, { model: 'AM-100-101', name: 'Probe' })
  const meter = await used.rows.module(a, { model: 'AM-600', name: 'Meter' })
  const theirs = await used.rows.module(b, { name: 'Theirs' })
  await used.database.pool.query(
    `update objects set config = '{"inputs": {"i1": {"custom_label": "Rain"}}}' where id = $1`,
    [meter],
  )
  const rain = await used.rows.output(a, meter, 'i1', { kind: 'input', type: 'udometer' })
  const valve = await used.rows.output(a, meter, 'o1')
  const theirValve = await used.rows.output(b, theirs, 'o1')
  const reading = (
    objectId: number,
    field: string,
    ts: Date,
    value: number | null,
    idClient = a,
  ): ReadingRow => ({
    objectId,
    field,
    ts,
    value,
    idClient,
  })
  await storeReadings(used.database.pool, [
    reading(probe, 'T', at(1, '09:59'), 1),
    reading(probe, 'T', at(1, '10:00'), 2),
    reading(probe, 'T', at(1, '10:30'), null),
    reading(probe, 'T', at(1, '10:45'), 4),
    reading(probe, 'H', at(1, '10:15'), 40),
    reading(probe, 'T', at(1, '11:00'), 8),
    reading(probe, 'T', at(1, '12:00'), 16),
    reading(probe, 'T', at(1, '10:20'), 1000, b),
    reading(probe, 'T', at(1, '21:30'), 32),
    reading(probe, 'T', at(1, '22:30'), 64),
    reading(meter, 'i1', at(1, '10:10'), 3),
    reading(meter, 'i1', at(1, '10:40'), 5),
    reading(theirs, 'T', at(1, '10:10'), 500, b),
  ])
  return { a, b, probe, meter, theirs, rain, valve, theirValve }
}

describe("an account's modules and outputs", () => {
  it('are only its own: another account asking, or asking for another account, finds none', async () => {
    const { a, b, probe, meter, theirs, rain, valve } = farm
    const found = await dal.modules(a, [meter, probe, theirs, 2_000_000])
    expect(found.timeZone).toBe('Europe/Warsaw')
    expect(found.modules.sort((x, y) => x.id - y.id)).toEqual([
      { id: probe, name: 'Probe', model: 'AM-100-101', config: {}, equipment: [] },
      {
        id: meter,
        name: 'Meter',
        model: 'AM-600',
        config: { inputs: { i1: { custom_label: 'Rain' } } },
        equipment: [
          { id: rain, name: 'Valve i1', field_name: 'i1', kind: 'input', type: 'udometer', properties: {} },
          { id: valve, name: 'Valve o1', field_name: 'o1', kind: 'output', type: 'irr', properties: {} },
        ],
      },
    ])
    expect(await dal.modules(b, [probe, meter])).toEqual({ timeZone: 'UTC', modules: [] })
    expect(await dal.modules(2_000_000, [probe])).toEqual({ timeZone: 'UTC', modules: [] })
    expect((await dal.outputs(a, [valve, farm.theirValve])).map((output) => output.id)).toEqual([valve])
    expect(await dal.outputs(b, [valve, rain])).toEqual([])
  })
})

describe('readings by grouping', () => {
  it('minute: raw readings with a value in [start, end), by field then time, of the account only', async () => {
    const { a, probe } = farm
    const buckets = await dal.buckets('minute', a, probe, ['T', 'H'], at(1, '10:00'), at(1, '11:00'), 'UTC')
    expect(
      buckets.map((bucket) => [bucket.field, bucket.ts.toISOString(), bucket.sum, bucket.count]),
    ).toEqual([
      ['H', at(1, '10:15').toISOString(), 40, 1],
      ['T', at(1, '10:00').toISOString(), 2, 1],
      ['T', at(1, '10:45').toISOString(), 4, 1],
    ])
    expect(
      await dal.buckets('minute', farm.b, probe, ['T'], at(1, '10:00'), at(1, '11:00'), 'UTC'),
    ).toMatchObject([{ field: 'T', sum: 1000 }])
  })

  it('hour: the UTC hours overlapping the range, a partial first hour included, the end excluded', async () => {
    const { a, probe } = farm
    const buckets = await dal.buckets('hour', a, probe, ['T'], at(1, '10:30'), at(1, '12:00'), 'UTC')
    expect(buckets).toEqual([
      { field: 'T', ts: at(1, '10:00'), count: 2, sum: 6, min: 2, max: 4, first: 2, last: 4 },
      { field: 'T', ts: at(1, '11:00'), count: 1, sum: 8, min: 8, max: 8, first: 8, last: 8 },
    ])
  })

  it("day: the account's local days overlapping the range; a day starting at the end is left out", async () => {
    const { a, probe } = farm
    // Warsaw is UTC+2: 21:30 UTC is still 1 May there, 22:30 UTC is 2 May.
    const days = await dal.buckets('day', a, probe, ['T'], at(1, '12:00'), at(2, '00:00'), 'Europe/Warsaw')
    expect(days.map((day) => [day.ts.toISOString(), day.count, day.sum, day.first, day.last])).toEqual([
      ['2030-04-30T22:00:00.000Z', 6, 63, 1, 32],
      ['2030-05-01T22:00:00.000Z', 1, 64, 64, 64],
    ])
    const endingAtMidnight = await dal.buckets(
      'day',
      a,
      probe,
      ['T'],
      at(1, '12:00'),
      at(1, '22:00'),
      'Europe/Warsaw',
    )
    expect(endingAtMidnight.map((day) => day.ts.toISOString())).toEqual(['2030-04-30T22:00:00.000Z'])
  })

  it('several modules at once: each its own fields, first and last only for counters, an empty list for none', async () => {
    const { a, probe, meter, theirs } = farm
    const many = await dal.bucketsMany(
      'hour',
      a,
      [
        { idObject: probe, fields: ['T'] },
        { idObject: meter, fields: ['i1'], counters: ['i1'] },
        { idObject: theirs, fields: ['T'] },
      ],
      at(1, '10:00'),
      at(1, '11:00'),
      'UTC',
    )
    expect([...many.keys()]).toEqual([probe, meter, theirs])
    expect(many.get(probe)).toEqual([
      { field: 'T', ts: at(1, '10:00'), count: 2, sum: 6, min: 2, max: 4, first: 3, last: 3 },
    ])
    expect(many.get(meter)).toEqual([
      { field: 'i1', ts: at(1, '10:00'), count: 2, sum: 8, min: 3, max: 5, first: 3, last: 5 },
    ])
    expect(many.get(theirs)).toEqual([])
    const minutes = await dal.bucketsMany(
      'minute',
      a,
      [{ idObject: probe, fields: ['T', 'H'] }],
      at(1, '10:00'),
      at(1, '10:46'),
      'UTC',
    )
    expect(minutes.get(probe)?.map((bucket) => [bucket.field, bucket.sum])).toEqual([
      ['H', 40],
      ['T', 2],
      ['T', 4],
    ])
  })
})

describe("a range's ends", () => {
  it("the last reading with a value before the start, per field, of the account's own (none: null)", async () => {
    const { a, probe } = farm
    const last = await dal.lastBefore(a, probe, ['T', 'H'], at(1, '10:45'))
    expect(Object.fromEntries(last)).toEqual({ T: 2, H: 40 })
    expect(Object.fromEntries(await dal.lastBefore(a, probe, ['T'], at(1, '09:59')))).toEqual({ T: null })
  })

  it('the first and the last reading in [start, end) of each module field', async () => {
    const { a, probe, meter } = farm
    const ends = await dal.ends(
      a,
      [
        { idObject: probe, fields: ['T', 'H'] },
        { idObject: meter, fields: ['i1'] },
      ],
      at(1, '10:00'),
      at(1, '12:00'),
    )
    expect(Object.fromEntries(ends)).toEqual({
      [`${probe}:T`]: { first: 2, last: 8 },
      [`${probe}:H`]: { first: 40, last: 40 },
      [`${meter}:i1`]: { first: 3, last: 5 },
    })
  })
})
