import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/executor'
import { group_objects, groups, latest_readings, objects, region_objects, regions } from '../../db/schema'

export type ObjectRow = typeof objects.$inferSelect
export type LatestRow = typeof latest_readings.$inferSelect

export interface ObjectRelations {
  latest: LatestRow[]
  groups: number[]
  regions: number[]
  baseStation: { id: number; name: string; serial: string } | null
}

const station = alias(objects, 'station')

/** Modules of a client account, and the fleet entry behind a serial number. */
export function createObjectsDal(db: Executor) {
  return {
    async findBySerial(serial: string): Promise<ObjectRow | null> {
      const [row] = await db.select().from(objects).where(eq(objects.serial, serial))
      return row ?? null
    },
    /** Inside a transaction: the fleet entry, locked until commit, so one activation wins. */
    async lockBySerial(serial: string): Promise<ObjectRow | null> {
      const [row] = await db.select().from(objects).where(eq(objects.serial, serial)).for('update')
      return row ?? null
    },
    async findOwn(idClient: number, id: number): Promise<ObjectRow | null> {
      const [row] = await db
        .select()
        .from(objects)
        .where(and(eq(objects.id, id), eq(objects.id_client, idClient)))
      return row ?? null
    },
    async lockOwn(idClient: number, id: number): Promise<ObjectRow | null> {
      const [row] = await db
        .select()
        .from(objects)
        .where(and(eq(objects.id, id), eq(objects.id_client, idClient)))
        .for('update')
      return row ?? null
    },
    listOwn(idClient: number): Promise<ObjectRow[]> {
      return db.select().from(objects).where(eq(objects.id_client, idClient)).orderBy(asc(objects.id))
    },
    /** Latest values, group and region ids and base station of the given modules, by module id. */
    async relations(ids: number[]): Promise<Map<number, ObjectRelations>> {
      const byId = new Map<number, ObjectRelations>(
        ids.map((id) => [id, { latest: [], groups: [], regions: [], baseStation: null }]),
      )
      if (ids.length === 0) return byId
      const [latest, groupRows, regionRows, stations] = await Promise.all([
        db.select().from(latest_readings).where(inArray(latest_readings.object_id, ids)),
        db
          .select()
          .from(group_objects)
          .where(inArray(group_objects.id_object, ids))
          .orderBy(asc(group_objects.id_group)),
        db
          .select()
          .from(region_objects)
          .where(inArray(region_objects.id_object, ids))
          .orderBy(asc(region_objects.id_region)),
        db
          .select({ id: objects.id, stationId: station.id, name: station.name, serial: station.serial })
          .from(objects)
          .innerJoin(station, eq(station.id, objects.base_station_id))
          .where(and(inArray(objects.id, ids), isNotNull(objects.base_station_id))),
      ])
      for (const row of latest) byId.get(row.object_id)?.latest.push(row)
      for (const row of groupRows) byId.get(row.id_object)?.groups.push(row.id_group)
      for (const row of regionRows) byId.get(row.id_object)?.regions.push(row.id_region)
      for (const row of stations) {
        const entry = byId.get(row.id)
        if (entry) entry.baseStation = { id: row.stationId, name: row.name, serial: row.serial }
      }
      return byId
    },
    async update(id: number, values: Partial<ObjectRow>) {
      const [row] = await db.update(objects).set(values).where(eq(objects.id, id)).returning()
      return row!
    },
    /** Ids among `ids` of the account's groups of modules. */
    async ownObjectGroups(idClient: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: groups.id })
        .from(groups)
        .where(and(eq(groups.id_client, idClient), eq(groups.scope, 'objects'), inArray(groups.id, ids)))
      return rows.map((row) => row.id)
    },
    async ownRegions(idClient: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return []
      const rows = await db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.id_client, idClient), inArray(regions.id, ids)))
      return rows.map((row) => row.id)
    },
    async setGroups(id: number, groupIds: number[]) {
      await db.delete(group_objects).where(eq(group_objects.id_object, id))
      if (groupIds.length)
        await db.insert(group_objects).values(groupIds.map((id_group) => ({ id_group, id_object: id })))
    },
    async setRegions(id: number, regionIds: number[]) {
      await db.delete(region_objects).where(eq(region_objects.id_object, id))
      if (regionIds.length)
        await db.insert(region_objects).values(regionIds.map((id_region) => ({ id_region, id_object: id })))
    },
    /** Clears the pending configuration when `commandId` is the one pending (the module's account), else null. */
    async settleConfig(id: number, commandId: string): Promise<{ idClient: number | null } | null> {
      const rows = await db
        .update(objects)
        .set({ config_pending_id: null, config_sent_at: null })
        .where(and(eq(objects.id, id), eq(objects.config_pending_id, commandId)))
        .returning({ idClient: objects.id_client })
      return rows[0] ?? null
    },
  }
}
export type ObjectsDal = ReturnType<typeof createObjectsDal>
