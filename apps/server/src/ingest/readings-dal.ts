import type pg from 'pg'

export interface ReadingRow {
  objectId: number
  field: string
  ts: Date
  value: number | null
  idClient: number
}

export interface StoredBatch {
  /** How many rows were new (not redeliveries). */
  insertedCount: number
  isInserted(objectId: number, field: string, ts: Date): boolean
  /** Fields whose latest value moved forward, with the value they had before. */
  latest: {
    objectId: number
    field: string
    ts: Date
    value: number | null
    prevTs: Date | null
    prevValue: number | null
  }[]
}

export const readingKey = (objectId: number, field: string, ts: Date) =>
  `${objectId}|${field}|${ts.getTime()}`

/**
 * Adds a batch's part of a rollup bucket to what the bucket holds: counts and sums add up, min and
 * max widen, and first / last move only to an earlier / later reading time, so readings arriving
 * late or out of order land where their time says. (Every SET expression sees the old row.)
 */
const rollupUpsert = (bucketColumn: 'bucket' | 'day') => `
  on conflict (object_id, field, ${bucketColumn}, id_client) do update set
    count = h.count + excluded.count, sum = h.sum + excluded.sum,
    min = least(h.min, excluded.min), max = greatest(h.max, excluded.max),
    first_ts = least(h.first_ts, excluded.first_ts),
    first_value = case when excluded.first_ts < h.first_ts then excluded.first_value else h.first_value end,
    last_ts = greatest(h.last_ts, excluded.last_ts),
    last_value = case when excluded.last_ts > h.last_ts then excluded.last_value else h.last_value end`

/**
 * One statement per batch: insert the readings through unnest() arrays (faster than a VALUES
 * list), skip redeliveries by primary key, move each field's latest value forward, add the rows
 * actually inserted to their hourly and daily rollups (days in the account's time zone) and stamp
 * the modules' last data time. One round trip, one transaction.
 */
const storeBatchSql = `
with input as (
  select * from unnest($1::int[], $2::text[], $3::timestamptz[], $4::float8[], $5::int[])
    as t(object_id, field, ts, value, id_client)
),
inserted as (
  insert into readings (object_id, field, ts, value, id_client)
  select object_id, field, ts, value, id_client from input
  on conflict do nothing
  returning object_id, field, ts, value, id_client
),
newest as (
  select distinct on (object_id, field) object_id, field, ts, value, id_client
  from inserted order by object_id, field, ts desc
),
moved as (
  insert into latest_readings as l (object_id, field, ts, value, id_client)
  select object_id, field, ts, value, id_client from newest
  on conflict (object_id, field) do update
    set prev_ts = l.ts, prev_value = l.value, ts = excluded.ts, value = excluded.value, id_client = excluded.id_client
    where excluded.ts > l.ts
  returning object_id, field, ts, value, prev_ts, prev_value
),
valued as (
  select i.object_id, i.field, i.ts, i.value, i.id_client, c.time_zone
  from inserted i join clients c on c.id = i.id_client
  where i.value is not null
),
hourly as (
  insert into readings_hourly as h (object_id, field, bucket, id_client, count, sum, min, max,
    first_ts, first_value, last_ts, last_value)
  select object_id, field, date_trunc('hour', ts, 'UTC'), id_client, count(*), sum(value), min(value),
    max(value), min(ts), (array_agg(value order by ts))[1], max(ts), (array_agg(value order by ts desc))[1]
  from valued group by 1, 2, 3, 4 order by 1, 2, 3, 4
  ${rollupUpsert('bucket')}
),
daily as (
  insert into readings_daily as h (object_id, field, day, id_client, bucket, count, sum, min, max,
    first_ts, first_value, last_ts, last_value)
  select object_id, field, (ts at time zone time_zone)::date, id_client,
    (ts at time zone time_zone)::date::timestamp at time zone time_zone, count(*), sum(value), min(value),
    max(value), min(ts), (array_agg(value order by ts))[1], max(ts), (array_agg(value order by ts desc))[1]
  from valued group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4
  ${rollupUpsert('day')}
),
stamped as (
  update objects o set last_data_at = greatest(o.last_data_at, m.max_ts)
  from (select object_id, max(ts) as max_ts from inserted group by object_id) m
  where o.id = m.object_id
  returning o.id
)
select 'c' as kind, null::int as object_id, null::text as field, null::timestamptz as ts,
  (select count(*) from inserted)::float8 as value, null::timestamptz as prev_ts, null::float8 as prev_value
union all
-- Which rows were new is sent back only when some were not: redeliveries are rare, and returning
-- every row of every batch costs the database a quarter of its throughput.
select 'i', object_id, field, ts, null, null, null from inserted
  where (select count(*) from inserted) < $6
union all
select 'm', object_id, field, ts, value, prev_ts, prev_value from moved
`

interface ResultRow {
  kind: 'c' | 'i' | 'm'
  object_id: number
  field: string
  ts: Date
  value: number | null
  prev_ts: Date | null
  prev_value: number | null
}

export async function storeReadings(pool: pg.Pool, rows: readonly ReadingRow[]): Promise<StoredBatch> {
  const result = await pool.query<ResultRow>(storeBatchSql, [
    rows.map((row) => row.objectId),
    rows.map((row) => row.field),
    rows.map((row) => row.ts.toISOString()),
    rows.map((row) => row.value),
    rows.map((row) => row.idClient),
    rows.length,
  ])
  let insertedCount = 0
  const inserted = new Set<string>()
  const latest: StoredBatch['latest'] = []
  for (const row of result.rows) {
    if (row.kind === 'c') insertedCount = row.value ?? 0
    else if (row.kind === 'i') inserted.add(readingKey(row.object_id, row.field, row.ts))
    else
      latest.push({
        objectId: row.object_id,
        field: row.field,
        ts: row.ts,
        value: row.value,
        prevTs: row.prev_ts,
        prevValue: row.prev_value,
      })
  }
  const all = insertedCount === rows.length
  return {
    insertedCount,
    isInserted: (objectId, field, ts) => all || inserted.has(readingKey(objectId, field, ts)),
    latest,
  }
}

/**
 * One StoredBatch for the parts of a batch written apart (after the database refused some rows):
 * a row counts as inserted by the part that wrote it, and each field's latest entry is the newest.
 */
export function mergeStoredBatches(
  parts: readonly { rows: readonly ReadingRow[]; stored: StoredBatch }[],
): StoredBatch {
  if (parts.length === 1) return parts[0]!.stored
  const partOf = new Map<string, StoredBatch>()
  for (const { rows, stored } of parts)
    for (const row of rows) partOf.set(readingKey(row.objectId, row.field, row.ts), stored)
  const latest = new Map<string, StoredBatch['latest'][number]>()
  for (const entry of parts.flatMap((part) => part.stored.latest)) {
    const key = `${entry.objectId}|${entry.field}`
    const seen = latest.get(key)
    if (!seen || seen.ts < entry.ts) latest.set(key, entry)
  }
  return {
    insertedCount: parts.reduce((sum, part) => sum + part.stored.insertedCount, 0),
    isInserted: (objectId, field, ts) =>
      partOf.get(readingKey(objectId, field, ts))?.isInserted(objectId, field, ts) ?? false,
    latest: [...latest.values()],
  }
}

export interface RejectionCount {
  serial: string
  reason: string
  count: number
  detail: string
  at: Date
}

export async function storeRejections(pool: pg.Pool, counts: readonly RejectionCount[]) {
  await pool.query(
    `insert into ingest_rejections (serial, reason, count, last_at, last_detail)
     select * from unnest($1::text[], $2::text[], $3::bigint[], $4::timestamptz[], $5::text[])
     on conflict (serial, reason) do update
       set count = ingest_rejections.count + excluded.count, last_at = excluded.last_at,
           last_detail = excluded.last_detail`,
    [
      counts.map((c) => c.serial),
      counts.map((c) => c.reason),
      counts.map((c) => c.count),
      counts.map((c) => c.at.toISOString()),
      counts.map((c) => c.detail),
    ],
  )
}
