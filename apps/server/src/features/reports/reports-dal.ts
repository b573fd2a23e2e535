import type { ReportEquipment, ReportGrouping } from '@kropla/domain'
import type pg from 'pg'

/** One module a report reads, with what its field look-ups need. */
export interface ReportModuleRow {
  id: number
  name: string
  model: string
  config: { inputs?: Record<string, { custom_label?: string; custom_units?: string; input_type?: number }> }
  equipment: ReportEquipment[]
}

/**
 * One row of one stored field: a raw reading (count 1) or a rollup bucket (hour: UTC hour; day:
 * the account's local day, at its local midnight) with its figures.
 */
export interface ReportBucket {
  field: string
  ts: Date
  count: number
  sum: number
  min: number
  max: number
  /** The first and last reading in the bucket by reading time. */
  first: number
  last: number
}

interface BucketRow {
  field: string
  ts: Date
  count: number
  sum: number
  min: number
  max: number
  first: number
  last: number
}

/**
 * Per grouping: raw readings (minute rows are made of them in the generator), hourly rollups
 * (UTC hours overlapping the range) or daily rollups (the account's local days overlapping it),
 * ordered by field and time so each is a plain scan of the table's primary key.
 */
const bucketSql: Record<ReportGrouping, string> = {
  minute: `select field, ts, 1 as count, value as sum, value as min, value as max, value as first, value as last
    from readings
    where object_id = $1 and field = any($3::text[]) and ts >= $4 and ts < $5 and id_client = $2
      and value is not null
    order by field, ts`,
  hour: `select field, bucket as ts, count, sum, min, max, first_value as first, last_value as last
    from readings_hourly
    where object_id = $1 and field = any($3::text[]) and bucket >= date_trunc('hour', $4::timestamptz, 'UTC')
      and bucket < $5 and id_client = $2
    order by field, bucket`,
  day: `select field, bucket as ts, count, sum, min, max, first_value as first, last_value as last
    from readings_daily
    where object_id = $1 and field = any($3::text[])
      and day >= ($4::timestamptz at time zone $6::text)::date
      and day <= ($5::timestamptz at time zone $6::text)::date
      and bucket < $5 and id_client = $2
    order by field, day`,
}

/**
 * As `bucketSql`, for (object, field) pairs of several modules at once ($1 objects, $2 fields, and
 * whether the pair is a counter's after the zone). Read for a whole year of many modules, so narrow: the time as
 * epoch milliseconds (parsing a number costs a fraction of parsing a timestamp's text), and a
 * bucket's first and last reading only for counters, which alone use them (null costs nothing).
 */
const pairs = `unnest($1::int[], $2::text[]) as w(object_id, field)`
const flaggedPairs = (ends: string) =>
  `unnest($1::int[], $2::text[], ${ends}::bool[]) as w(object_id, field, ends)`
const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8 as ts_ms`
const manySql: Record<ReportGrouping, string> = {
  minute: `select r.object_id, r.field, ${epochMs("date_trunc('milliseconds', r.ts)")}, r.value from ${pairs}
    join readings r on r.object_id = w.object_id and r.field = w.field and r.ts >= $4 and r.ts < $5
      and r.id_client = $3 and r.value is not null
    order by r.object_id, r.field, r.ts`,
  hour: `select h.object_id, h.field, ${epochMs('h.bucket')}, h.count, h.sum, h.min, h.max,
      case when w.ends then h.first_value end as first, case when w.ends then h.last_value end as last
    from ${flaggedPairs('$6')}
    join readings_hourly h on h.object_id = w.object_id and h.field = w.field
      and h.bucket >= date_trunc('hour', $4::timestamptz, 'UTC') and h.bucket < $5 and h.id_client = $3
    order by h.object_id, h.field, h.bucket`,
  day: `select d.object_id, d.field, ${epochMs('d.bucket')}, d.count, d.sum, d.min, d.max,
      case when w.ends then d.first_value end as first, case when w.ends then d.last_value end as last
    from ${flaggedPairs('$7')}
    join readings_daily d on d.object_id = w.object_id and d.field = w.field
      and d.day >= ($4::timestamptz at time zone $6::text)::date
      and d.day <= ($5::timestamptz at time zone $6::text)::date
      and d.bucket < $5 and d.id_client = $3
    order by d.object_id, d.field, d.day`,
}

interface ManyRow {
  object_id: number
  field: string
  ts_ms: number
  value: number
  count: number
  sum: number
  min: number
  max: number
  first: number | null
  last: number | null
}

/**
 * What the series reports read: the account's modules (a module of another account is not found,
 * exactly like a missing one), their equipment, and readings by object, always limited to the
 * account that owned the module when they came (`id_client`).
 */
export function createReportsDal(pool: pg.Pool) {
  return {
    /** The account's zone, and those of `ids` that are its modules, with their equipment. */
    async modules(idClient: number, ids: readonly number[]) {
      const result = await pool.query<{
        time_zone: string
        id: number | null
        name: string
        model: string
        config: ReportModuleRow['config']
        equipment: ReportEquipment[]
      }>({
        name: 'reports-modules',
        text: `select c.time_zone, o.id, o.name, o.last_device_model as model, o.config,
            coalesce((select json_agg(json_build_object('id', e.id, 'name', e.name, 'field_name', e.field_name,
                'kind', e.kind, 'type', e.type, 'properties', e.properties) order by e.field_name)
              from outputs e where e.id_object = o.id and e.id_client = c.id), '[]'::json) as equipment
          from clients c left join objects o on o.id_client = c.id and o.id = any($2::int[])
          where c.id = $1`,
        values: [idClient, [...ids]],
      })
      const timeZone = result.rows[0]?.time_zone ?? 'UTC'
      const modules: ReportModuleRow[] = []
      for (const row of result.rows)
        if (row.id !== null)
          modules.push({
            id: row.id,
            name: row.name,
            model: row.model,
            config: row.config ?? {},
            equipment: row.equipment ?? [],
          })
      return { timeZone, modules }
    },

    /** The account's outputs and input equipment among `ids`: the module and terminal each is wired to. */
    async outputs(idClient: number, ids: readonly number[]) {
      const result = await pool.query<{ id: number; id_object: number; field_name: string; name: string }>({
        name: 'reports-outputs',
        text: 'select id, id_object, field_name, name from outputs where id = any($1::int[]) and id_client = $2',
        values: [[...ids], idClient],
      })
      return result.rows
    },

    /** One module's stored `fields` over [start, end) at a grouping: one read per object. */
    async buckets(
      grouping: ReportGrouping,
      idClient: number,
      idObject: number,
      fields: readonly string[],
      start: Date,
      end: Date,
      timeZone: string,
    ): Promise<ReportBucket[]> {
      const values: unknown[] = [idObject, idClient, [...fields], start.toISOString(), end.toISOString()]
      if (grouping === 'day') values.push(timeZone)
      const result = await pool.query<BucketRow>({
        name: `reports-${grouping}`,
        text: bucketSql[grouping],
        values,
      })
      return result.rows
    },

    /**
     * Several modules' fields in one statement (each module with its own fields), by module: what
     * `buckets` gives for each, in one round trip. `counters` are the fields whose buckets need
     * their first and last reading; the others carry the bucket's average there instead, unused.
     */
    async bucketsMany(
      grouping: ReportGrouping,
      idClient: number,
      wanted: readonly { idObject: number; fields: readonly string[]; counters?: readonly string[] }[],
      start: Date,
      end: Date,
      timeZone: string,
    ): Promise<Map<number, ReportBucket[]>> {
      const objects = wanted.flatMap((entry) => entry.fields.map(() => entry.idObject))
      const fields = wanted.flatMap((entry) => [...entry.fields])
      const values: unknown[] = [objects, fields, idClient, start.toISOString(), end.toISOString()]
      if (grouping === 'day') values.push(timeZone)
      if (grouping !== 'minute') {
        values.push(
          wanted.flatMap((entry) => entry.fields.map((field) => entry.counters?.includes(field) ?? false)),
        )
      }
      const result = await pool.query<ManyRow>({
        name: `reports-many-${grouping}`,
        text: manySql[grouping],
        values,
      })
      const byObject = new Map<number, ReportBucket[]>(wanted.map((entry) => [entry.idObject, []]))
      for (const row of result.rows) {
        const ts = new Date(row.ts_ms)
        if (grouping === 'minute') {
          const value = row.value
          byObject.get(row.object_id)?.push({
            field: row.field,
            ts,
            count: 1,
            sum: value,
            min: value,
            max: value,
            first: value,
            last: value,
          })
        } else {
          const average = row.sum / row.count
          byObject.get(row.object_id)?.push({
            field: row.field,
            ts,
            count: row.count,
            sum: row.sum,
            min: row.min,
            max: row.max,
            first: row.first ?? average,
            last: row.last ?? average,
          })
        }
      }
      return byObject
    },

    /** The last reading of each of `fields` before `before`: a running counter's value as a range starts. */
    async lastBefore(idClient: number, idObject: number, fields: readonly string[], before: Date) {
      const result = await pool.query<{ field: string; last: number | null }>({
        name: 'reports-last-before',
        text: `select f.field,
            (select value from readings r where r.object_id = $1 and r.field = f.field and r.ts < $3
               and r.id_client = $2 and r.value is not null order by r.ts desc limit 1) as last
          from unnest($4::text[]) as f(field)`,
        values: [idObject, idClient, before.toISOString(), [...fields]],
      })
      return new Map(result.rows.map((row) => [row.field, row.last]))
    },

    /**
     * The first and the last reading of each module's fields in [start, end), the delta report's
     * ends, for every module in one round trip: keyed `object_id:field`.
     */
    async ends(
      idClient: number,
      wanted: readonly { idObject: number; fields: readonly string[] }[],
      start: Date,
      end: Date,
    ) {
      const result = await pool.query<{ object_id: number; field: string; first: number; last: number }>({
        name: 'reports-ends',
        text: `select w.object_id, w.field,
            (select value from readings r where r.object_id = w.object_id and r.field = w.field and r.ts >= $4
               and r.ts < $5 and r.id_client = $3 and r.value is not null order by r.ts limit 1) as first,
            (select value from readings r where r.object_id = w.object_id and r.field = w.field and r.ts >= $4
               and r.ts < $5 and r.id_client = $3 and r.value is not null order by r.ts desc limit 1) as last
          from ${pairs}`,
        values: [
          wanted.flatMap((entry) => entry.fields.map(() => entry.idObject)),
          wanted.flatMap((entry) => [...entry.fields]),
          idClient,
          start.toISOString(),
          end.toISOString(),
        ],
      })
      return new Map(
        result.rows.map((row) => [`${row.object_id}:${row.field}`, { first: row.first, last: row.last }]),
      )
    },
  }
}
export type ReportsDal = ReturnType<typeof createReportsDal>
