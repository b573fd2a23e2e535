import type { GeoObject, Location, Region } from '@kropla/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { geo_objects, region_objects, regions } from '../../db/schema'

export type RegionRow = typeof regions.$inferSelect
export interface RegionValues {
  name: string
  description: string
  points: Location[]
}

/** Map regions of one client account, with the modules assigned to them. */
export function createRegionsDal(db: Executor, idClient: number) {
  async function withObjects(rows: RegionRow[]): Promise<Region[]> {
    if (!rows.length) return []
    const links = await db
      .select()
      .from(region_objects)
      .where(
        inArray(
          region_objects.id_region,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(region_objects.id_object))
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      points: row.points as Location[],
      objects: links.filter((link) => link.id_region === row.id).map((link) => link.id_object),
    }))
  }
  const own = (id: number) => and(eq(regions.id_client, idClient), eq(regions.id, id))

  return {
    async list() {
      const rows = await db
        .select()
        .from(regions)
        .where(eq(regions.id_client, idClient))
        .orderBy(asc(regions.id))
      return withObjects(rows)
    },
    async find(id: number) {
      const [row] = await db.select().from(regions).where(own(id))
      return row ? ((await withObjects([row]))[0] ?? null) : null
    },
    async lock(id: number) {
      const [row] = await db.select().from(regions).where(own(id)).for('update')
      return row ?? null
    },
    async insert(values: RegionValues) {
      const [row] = await db
        .insert(regions)
        .values({ ...values, id_client: idClient })
        .returning()
      return row!
    },
    async update(id: number, values: RegionValues) {
      await db
        .update(regions)
        .set({ ...values, updated_at: new Date() })
        .where(own(id))
    },
    /** Replaces the modules of the region; its outputs are set from the outputs' side. */
    async setObjects(id: number, objectIds: number[]) {
      await db.delete(region_objects).where(eq(region_objects.id_region, id))
      if (objectIds.length)
        await db.insert(region_objects).values(objectIds.map((id_object) => ({ id_region: id, id_object })))
    },
    /** Its modules and outputs leave it (the join rows cascade). */
    async remove(id: number) {
      await db.delete(regions).where(own(id))
    },
  }
}

export type GeoObjectValues = Omit<GeoObject, 'id'>

function toGeoObject(row: typeof geo_objects.$inferSelect): GeoObject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    marker: row.marker,
    location: { lng: row.lng, lat: row.lat },
  }
}

/** Points of interest on the map of one client account. */
export function createGeoObjectsDal(db: Executor, idClient: number) {
  const own = (id: number) => and(eq(geo_objects.id_client, idClient), eq(geo_objects.id, id))
  const columns = (values: GeoObjectValues) => ({
    name: values.name,
    description: values.description,
    marker: values.marker,
    lng: values.location.lng,
    lat: values.location.lat,
  })
  return {
    async list() {
      const rows = await db
        .select()
        .from(geo_objects)
        .where(eq(geo_objects.id_client, idClient))
        .orderBy(asc(geo_objects.id))
      return rows.map(toGeoObject)
    },
    async find(id: number) {
      const [row] = await db.select().from(geo_objects).where(own(id))
      return row ? toGeoObject(row) : null
    },
    async insert(values: GeoObjectValues) {
      const [row] = await db
        .insert(geo_objects)
        .values({ ...columns(values), id_client: idClient })
        .returning()
      return toGeoObject(row!)
    },
    async update(id: number, values: GeoObjectValues) {
      const [row] = await db
        .update(geo_objects)
        .set({ ...columns(values), updated_at: new Date() })
        .where(own(id))
        .returning()
      return row ? toGeoObject(row) : null
    },
    /** Whether there was one to remove. */
    async remove(id: number) {
      const removed = await db.delete(geo_objects).where(own(id)).returning({ id: geo_objects.id })
      return removed.length > 0
    },
  }
}
