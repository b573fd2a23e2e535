import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'

/** A module's login as the fleet holds it, with the serials it relays for (a base station's). */
export interface FleetLogin {
  serial: string
  pin: string
  secretHash: string | null
  relays: string[]
}

/** What the broker-rights synchroniser reads of the fleet (ADR 0091). */
export function createBrokerRightsDal(db: Db) {
  return {
    async fleetLogins(): Promise<FleetLogin[]> {
      const result = await db.execute<{
        serial: string
        pin: string
        secret_hash: string | null
        relays: string[] | null
      }>(sql`
        select o.serial, o.pin, o.secret_hash, r.relays
        from objects o
        left join (
          select base_station_id, array_agg(serial order by serial) as relays
          from objects where base_station_id is not null group by base_station_id
        ) r on r.base_station_id = o.id
        order by o.serial`)
      return result.rows.map((row) => ({
        serial: row.serial,
        pin: row.pin,
        secretHash: row.secret_hash,
        relays: row.relays ?? [],
      }))
    },
  }
}
export type BrokerRightsDal = ReturnType<typeof createBrokerRightsDal>
