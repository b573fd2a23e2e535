import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../../db/executor'
import { groups, objects, outputs, regions, water_sources } from '../../db/schema'

/** The account's rows among the ids a resource refers to (another account's ids are not found). */
export function createReferencesDal(db: Executor, idClient: number) {
  return {
    objects: (ids: readonly number[]) =>
      db
        .select({ id: objects.id, name: objects.name, model: objects.last_device_model })
        .from(objects)
        .where(and(eq(objects.id_client, idClient), inArray(objects.id, [...ids]))),
    outputs: (ids: readonly number[]) =>
      db
        .select({ id: outputs.id, name: outputs.name, kind: outputs.kind })
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, [...ids]))),
    groups: (ids: readonly number[]) =>
      db
        .select({ id: groups.id, name: groups.name, scope: groups.scope })
        .from(groups)
        .where(and(eq(groups.id_client, idClient), inArray(groups.id, [...ids]))),
    regions: (ids: readonly number[]) =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.id_client, idClient), inArray(regions.id, [...ids]))),
    waterSources: (ids: readonly number[]) =>
      db
        .select({ id: water_sources.id })
        .from(water_sources)
        .where(and(eq(water_sources.id_client, idClient), inArray(water_sources.id, [...ids]))),
  }
}
