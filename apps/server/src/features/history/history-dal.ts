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

interface PointRow {
  ts: Date
  field: string
  value: number | null
  min: number | null
  max: number | null
  sum: number | null
  count: number | null
}

const aggregated = (row: PointRow): HistoryPoint => ({
  ts: row.ts,
  field: row.field,
  value: row.value,
  min: row.min ?? undefined,
  max: row.max ?? undefined,
  sum: row.sum ?? undefined,
  count: row.count ?? undefined,
})

/**
 * A module's readings over a range, raw or from the hourly and daily rollups kept by ingest
 * (readings-dal.ts). Every query is limited to the account that owned the module when the readings
 * came (`id_client`), so a module passed to another account does not show its former owner's past.
 */
export function createHistoryDal(pool: pg.Pool) {
  return {
    /** The module if it belongs to the account, with its model and the account's time zone. */
    async findModule(idClient: number, idObject: number): Promise<HistoryModule | null> {
      const result = await pool.query<{ model: string; time_zone: string }>(
        `select o.last_device_model as model, c.time_zone from objects o join clients c on c.id = o.id_client
         where o.id = $1 and o.id_client = $2`,
        [idObject, idClient],
      )
      const row = result.rows[0]
      return row ? { model: row.model, timeZone: row.time_zone } : null
    },

    /** The raw readings of the busiest field in [start, end), counted up to `limit`. */
    async countRaw(
      idClient: number,
      idObject: number,
      fields: readonly string[],
      start: Date,
      end: Date,
      limit: number,
    ) {
      const result = await pool.query<{ count: number | null }>(
        `select max(c.n)::int as count from unnest($3::text[]) as f(field),
           lateral (select count(*) as n from (
             select 1 from readings r
             where r.object_id = $1 and r.field = f.field and r.ts >= $4 and r.ts < $5 and r.id_client = $2
             limit $6) as x) as c`,
        [idObject, idClient, fields, start.toISOString(), end.toISOString(), limit],
      )
      return result.rows[0]?.count ?? 0
    },

    async raw(idClient: number, idObject: number, fields: readonly string[], start: Date, end: Date) {
      const result = await pool.query<PointRow>(
        `select ts, field, value, null::float8 as min, null::float8 as max, null::float8 as sum, null::int as count
         from readings
         where object_id = $1 and field = any($3::text[]) and ts >= $4 and ts < $5 and id_client = $2
         order by ts`,
        [idObject, idClient, fields, start.toISOString(), end.toISOString()],
      )
      return result.rows.map((row): HistoryPoint => ({ ts: row.ts, field: row.field, value: row.value }))
    },

    /** UTC hours overlapping [start, end). */
    async hourly(idClient: number, idObject: number, fields: readonly string[], start: Date, end: Date) {
      const result = await pool.query<PointRow>(
        `select bucket as ts, field, sum / count as value, min, max, sum, count
         from readings_hourly
         where object_id = $1 and field = any($3::text[]) and bucket >= date_trunc('hour', $4::timestamptz, 'UTC')
           and bucket < $5 and id_client = $2
         order by bucket`,
        [idObject, idClient, fields, start.toISOString(), end.toISOString()],
      )
      return result.rows.map(aggregated)
    },

    /** The account's local days overlapping [start, end), each at its local midnight. */
    async daily(
      idClient: number,
      idObject: number,
      fields: readonly string[],
      start: Date,
      end: Date,
      timeZone: string,
    ) {
      const result = await pool.query<PointRow>(
        `select bucket as ts, field, sum / count as value, min, max, sum, count
         from readings_daily
         where object_id = $1 and field = any($3::text[])
           and day >= ($4::timestamptz at time zone $6)::date and day <= ($5::timestamptz at time zone $6)::date
           and bucket < $5 and id_client = $2
         order by bucket`,
        [idObject, idClient, fields, start.toISOString(), end.toISOString(), timeZone],
      )
      return result.rows.map(aggregated)
    },
  }
}
export type HistoryDal = ReturnType<typeof createHistoryDal>
