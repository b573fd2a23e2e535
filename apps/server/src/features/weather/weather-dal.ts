import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { clients, latest_readings, objects, outputs, weather_settings } from '../../db/schema'

export interface WeatherSettingsRow {
  air_object_id: number | null
  rain_output_id: number | null
  wind_output_id: number | null
}

export interface AccountModule {
  id: number
  name: string
  model: string
}

export interface AccountInput {
  id: number
  name: string
  type: string
  kind: string
  field_name: string
  properties: Record<string, unknown>
  id_object: number
  object_name: string
}

export interface LatestValue {
  value: number | null
  ts: Date
}

const toDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date)
const toNumber = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value)

/**
 * The weather's data access for one client account: its choice of stations, the modules and inputs
 * it may choose (another account's are never found), and the figures computed from raw readings.
 */
export function createWeatherDal(db: Executor, idClient: number) {
  return {
    async settings(): Promise<WeatherSettingsRow> {
      const [row] = await db.select().from(weather_settings).where(eq(weather_settings.id_client, idClient))
      return {
        air_object_id: row?.air_object_id ?? null,
        rain_output_id: row?.rain_output_id ?? null,
        wind_output_id: row?.wind_output_id ?? null,
      }
    },
    /** Whether the account ever saved a choice (even an empty one). */
    async hasSettings(): Promise<boolean> {
      const rows = await db
        .select({ id: weather_settings.id_client })
        .from(weather_settings)
        .where(eq(weather_settings.id_client, idClient))
      return rows.length > 0
    },
    async saveSettings(values: WeatherSettingsRow) {
      await db
        .insert(weather_settings)
        .values({ id_client: idClient, ...values })
        .onConflictDoUpdate({
          target: weather_settings.id_client,
          set: { ...values, updated_at: new Date() },
        })
    },
    async timeZone(): Promise<string | null> {
      const [row] = await db
        .select({ time_zone: clients.time_zone })
        .from(clients)
        .where(eq(clients.id, idClient))
      return row?.time_zone ?? null
    },
    /** The account's modules (the caller keeps those of the fitting model). */
    async modules(): Promise<AccountModule[]> {
      return db
        .select({ id: objects.id, name: objects.name, model: objects.last_device_model })
        .from(objects)
        .where(eq(objects.id_client, idClient))
        .orderBy(asc(objects.name), asc(objects.id))
    },
    async module(id: number): Promise<AccountModule | null> {
      const [row] = await db
        .select({ id: objects.id, name: objects.name, model: objects.last_device_model })
        .from(objects)
        .where(and(eq(objects.id_client, idClient), eq(objects.id, id)))
      return row ?? null
    },
    /** The account's input equipment on modules it still owns (the caller keeps the fitting types). */
    async inputs(id?: number): Promise<AccountInput[]> {
      const rows = await db
        .select({
          id: outputs.id,
          name: outputs.name,
          type: outputs.type,
          kind: outputs.kind,
          field_name: outputs.field_name,
          properties: outputs.properties,
          id_object: outputs.id_object,
          object_name: objects.name,
        })
        .from(outputs)
        .innerJoin(objects, and(eq(objects.id, outputs.id_object), eq(objects.id_client, idClient)))
        .where(and(eq(outputs.id_client, idClient), id === undefined ? undefined : eq(outputs.id, id)))
        .orderBy(asc(objects.name), asc(outputs.field_name))
      return rows.map((row) => ({ ...row, properties: row.properties as Record<string, unknown> }))
    },
    /** The newest value of each of `fields` of one of the account's modules. */
    async latest(idObject: number, fields: readonly string[]): Promise<Map<string, LatestValue>> {
      const rows = await db
        .select({ field: latest_readings.field, value: latest_readings.value, ts: latest_readings.ts })
        .from(latest_readings)
        .where(
          and(
            eq(latest_readings.id_client, idClient),
            eq(latest_readings.object_id, idObject),
            inArray(latest_readings.field, [...fields]),
          ),
        )
      return new Map(rows.map((row) => [row.field, { value: row.value, ts: row.ts }]))
    },
    /** The lowest and highest reading of a field in [from, to). */
    async range(idObject: number, field: string, from: Date, to: Date) {
      const result = await db.execute<{ min: unknown; max: unknown }>(
        sql`select min(value)::float8 as min, max(value)::float8 as max from readings
            where object_id = ${idObject} and field = ${field} and id_client = ${idClient}
              and ts >= ${from.toISOString()} and ts < ${to.toISOString()}`,
      )
      const row = result.rows[0]
      return { min: toNumber(row?.min), max: toNumber(row?.max) }
    },
    /**
     * Pulses a counter counted since `from` and since `todayFrom`, up to `to`. An incremental counter
     * (running total) counts the rise between readings, starting from the last reading before
     * `from`; a drop is a reset, after which it counted its new value. A differential counter's
     * readings are the pulses since the one before, summed. Also the last reading's time.
     */
    async pulses(
      idObject: number,
      field: string,
      incremental: boolean,
      from: Date,
      todayFrom: Date,
      to: Date,
    ) {
      const fromText = from.toISOString()
      const result = await db.execute<{ total: unknown; today: unknown; last_at: unknown }>(
        sql`with r as (
              select ts, value, lag(value) over (order by ts) as prev
              from readings
              where object_id = ${idObject} and field = ${field} and id_client = ${idClient}
                and ts < ${to.toISOString()}
                and ts >= coalesce(
                  (select max(ts) from readings
                   where object_id = ${idObject} and field = ${field} and id_client = ${idClient}
                     and ts < ${fromText}),
                  ${fromText}::timestamptz)
            ), d as (
              select ts,
                case when ${incremental}::boolean then
                  case when value is null or prev is null then 0
                       when value >= prev then value - prev
                       else value end
                else coalesce(value, 0) end as pulses
              from r where ts >= ${fromText}
            )
            select coalesce(sum(pulses), 0)::float8 as total,
                   coalesce(sum(pulses) filter (where ts >= ${todayFrom.toISOString()}), 0)::float8 as today,
                   max(ts) as last_at
            from d`,
      )
      const row = result.rows[0]
      return {
        total: toNumber(row?.total) ?? 0,
        today: toNumber(row?.today) ?? 0,
        lastAt: toDate(row?.last_at),
      }
    },
    /**
     * A pulse anemometer's intervals: the newest one (pulses and seconds) and, since `from`, the
     * highest rate in pulses a second. Incremental and differential counters as for `pulses`.
     */
    async pulseRates(idObject: number, field: string, incremental: boolean, from: Date, to: Date) {
      const result = await db.execute<{
        last_pulses: unknown
        last_seconds: unknown
        last_at: unknown
        max_rate: unknown
      }>(
        sql`with r as (
              select ts, value,
                lag(value) over (order by ts) as prev,
                extract(epoch from ts - lag(ts) over (order by ts))::float8 as seconds
              from readings
              where object_id = ${idObject} and field = ${field} and id_client = ${idClient}
                and ts < ${to.toISOString()}
                and ts >= least(${from.toISOString()}::timestamptz, coalesce(
                  (select max(ts) from readings
                   where object_id = ${idObject} and field = ${field} and id_client = ${idClient}
                     and ts < ${to.toISOString()}) - interval '1 hour',
                  ${from.toISOString()}::timestamptz))
            ), d as (
              select ts, seconds,
                case when ${incremental}::boolean then
                  case when value is null or prev is null then null
                       when value >= prev then value - prev
                       else value end
                else value end as pulses
              from r
            )
            select
              (select pulses from d where pulses is not null and seconds > 0 order by ts desc limit 1)::float8 as last_pulses,
              (select seconds from d where pulses is not null and seconds > 0 order by ts desc limit 1)::float8 as last_seconds,
              (select max(ts) from d) as last_at,
              (select max(pulses / seconds) from d
               where pulses is not null and seconds > 0 and ts >= ${from.toISOString()})::float8 as max_rate`,
      )
      const row = result.rows[0]
      return {
        lastPulses: toNumber(row?.last_pulses),
        lastSeconds: toNumber(row?.last_seconds),
        lastAt: toDate(row?.last_at),
        maxRate: toNumber(row?.max_rate),
      }
    },
  }
}
export type WeatherDal = ReturnType<typeof createWeatherDal>
