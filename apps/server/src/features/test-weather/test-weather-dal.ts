import { sql } from 'drizzle-orm'
import type { Executor } from '../../db/executor'

export interface RecentReading {
  ts: Date
  value: number | null
}

/**
 * The weather check's own read of one account's readings: a field's recent history, for the stuck
 * rule. The modules, inputs, newest values and counted pulses come from the weather's data access.
 */
export function createTestWeatherDal(db: Executor, idClient: number) {
  return {
    /** The readings of the `hours` before the field's newest one (newest first, at most 1000). */
    async recent(idObject: number, field: string, hours: number): Promise<RecentReading[]> {
      const result = await db.execute<{ ts: unknown; value: unknown }>(
        sql`select ts, value::float8 as value from readings
            where object_id = ${idObject} and field = ${field} and id_client = ${idClient}
              and ts >= (select max(ts) from readings
                         where object_id = ${idObject} and field = ${field} and id_client = ${idClient})
                        - make_interval(secs => ${hours * 3600})
            order by ts desc limit 1000`,
      )
      return result.rows.map((row) => ({
        ts: new Date(row.ts as string | Date),
        value: row.value === null || row.value === undefined ? null : Number(row.value),
      }))
    },
  }
}
export type TestWeatherDal = ReturnType<typeof createTestWeatherDal>
