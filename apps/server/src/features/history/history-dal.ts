import type pg from 'pg'

/** One value of one field at one time: a raw reading or a rollup bucket (its start). */
export interface HistoryPoint {
  ts: Date
  field: string
  /** The reading, or the bucket's average. */
  value: number | null
  min?: number
  max?: number
  sum?: number
  count?: number
}

export interface HistoryModule {
  model: string
  timeZone: string
}

export type HistoryTable = 'raw' | 'hour' | 'day'

interface ResultRow {
  kind: 'm' | 'p' | 'c'
  field: string
  ts: Date
  value: number | null
  min: number | null
  max: number | null
  sum: number | null
  count: number | null
}

/** The module, when it is the account's: its model and the account's time zone. */
const moduleCte = `m as (
  select o.last_device_model as model, c.time_zone from objects o join clients c on c.id = o.id_client
  where o.id = $1 and o.id_client = $2
)`
const moduleRow = `select 'm' as kind, model as field, null::timestamptz as ts, null::float8 as value,
  null::float8 as min, null::float8 as max, null::float8 as sum, null::int as count, time_zone from m`

/**
 * The points of each table over [start, end): raw readings; UTC hours overlapping it; the
 * account's local days overlapping it (each at its local midnight, in the module row's zone).
 */
const pointsSql: Record<HistoryTable, string> = {
  raw: `select 'p', field, ts, value, null, null, null, null, null from readings
    where object_id = $1 and field = any($3::text[]) and ts >= $4 and ts < $5 and id_client = $2
      and exists (select 1 from m)`,
  hour: `select 'p', field, bucket, sum / count, min, max, sum, count, null from readings_hourly
    where object_id = $1 and field = any($3::text[]) and bucket >= date_trunc('hour', $4::timestamptz, 'UTC')
      and bucket < $5 and id_client = $2 and exists (select 1 from m)`,
  // The zone as a scalar subquery (evaluated once, a parameter of the index scan), not a join:
  // joined, the planner takes a bitmap scan and plans longer.
  day: `select 'p', field, bucket, sum / count, min, max, sum, count, null from readings_daily
    where object_id = $1 and field = any($3::text[])
      and day >= ($4::timestamptz at time zone (select time_zone from m))::date
      and day <= ($5::timestamptz at time zone (select time_zone from m))::date
      and bucket < $5 and id_client = $2 and exists (select 1 from m)`,
}

/**
 * A module's readings over a range, raw or from the hourly and daily rollups kept by ingest
 * (readings-dal.ts), each read in one statement together with the module's ownership check (a
 * module of another account gives `module: null` and no points). Every query is limited to the
 * account that owned the module when the readings came (`id_client`), so a module passed to
 * another account does not show its former owner's past.
 */
export function createHistoryDal(pool: pg.Pool) {
  const parse = (rows: ResultRow[]) => {
    let module: HistoryModule | null = null
    let count = 0
    const points: HistoryPoint[] = []
    for (const row of rows as (ResultRow & { time_zone: string | null })[]) {
      if (row.kind === 'm') module = { model: row.field, timeZone: row.time_zone ?? 'UTC' }
      else if (row.kind === 'c') count = row.count ?? 0
      else
        points.push(
          row.count === null
            ? { ts: row.ts, field: row.field, value: row.value }
            : {
                ts: row.ts,
                field: row.field,
                value: row.value,
                min: row.min ?? undefined,
                max: row.max ?? undefined,
                sum: row.sum ?? undefined,
                count: row.count,
              },
        )
    }
    return { module, count, points }
  }

  return {
    async points(
      table: HistoryTable,
      idClient: number,
      idObject: number,
      fields: readonly string[],
      start: Date,
      end: Date,
    ) {
      // Named: prepared once per connection, so the statement is not planned from scratch each time.
      const result = await pool.query<ResultRow>({
        name: `history-${table}`,
        text: `with ${moduleCte} ${moduleRow} union all ${pointsSql[table]}`,
        values: [idObject, idClient, fields, start.toISOString(), end.toISOString()],
      })
      const { module, points } = parse(result.rows)
      return { module, points }
    },

    /**
     * For a range that raw readings may or may not fit: the raw readings of the busiest requested
     * field are counted (up to `maxPoints + 1`) and the same statement returns the raw points when
     * they fit, else the hourly ones (resolutionByCount's rule: raw when count <= maxPoints).
     */
    async rawOrHourly(
      idClient: number,
      idObject: number,
      fields: readonly string[],
      start: Date,
      end: Date,
      maxPoints: number,
    ) {
      const result = await pool.query<ResultRow>({
        name: 'history-raw-or-hourly',
        text: `with ${moduleCte}, counted as (
           select max(c.n)::int as n from unnest($3::text[]) as f(field),
             lateral (select count(*) as n from (
               select 1 from readings r
               where r.object_id = $1 and r.field = f.field and r.ts >= $4 and r.ts < $5 and r.id_client = $2
               limit $6 + 1) as x) as c
         )
         ${moduleRow}
         union all select 'c', null, null, null, null, null, null, n, null from counted
         union all ${pointsSql.raw} and (select n from counted) <= $6
         union all ${pointsSql.hour} and (select n from counted) > $6`,
        values: [idObject, idClient, fields, start.toISOString(), end.toISOString(), maxPoints],
      })
      return parse(result.rows)
    },
  }
}
export type HistoryDal = ReturnType<typeof createHistoryDal>
