import { and, eq, inArray } from 'drizzle-orm'
import { HttpError } from '../../app/http-errors'
import { groups, objects, outputs, regions, water_sources } from '../../db/schema'
import type { Executor } from '../users/db-helpers'

/**
 * Lookups of the ids a resource refers to (a module, outputs, groups, regions, a water source),
 * always within one client account: an id that is missing or belongs to another account answers
 * `element_not_found` and nothing is written.
 */

/** The ids once each, in the order first given. */
export function distinct(ids: readonly number[]): number[] {
  return [...new Set(ids)]
}

function requireEvery<T extends { id: number }>(ids: readonly number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => {
    const row = byId.get(id)
    if (!row) throw new HttpError('element_not_found')
    return row
  })
}

export function createReferences(db: Executor, idClient: number) {
  return {
    async objects(ids: readonly number[]) {
      if (!ids.length) return []
      const rows = await db
        .select({ id: objects.id, name: objects.name, model: objects.last_device_model })
        .from(objects)
        .where(and(eq(objects.id_client, idClient), inArray(objects.id, [...ids])))
      return requireEvery(ids, rows)
    },
    async outputs(ids: readonly number[]) {
      if (!ids.length) return []
      const rows = await db
        .select({ id: outputs.id, name: outputs.name, kind: outputs.kind })
        .from(outputs)
        .where(and(eq(outputs.id_client, idClient), inArray(outputs.id, [...ids])))
      return requireEvery(ids, rows)
    },
    async groups(ids: readonly number[]) {
      if (!ids.length) return []
      const rows = await db
        .select({ id: groups.id, name: groups.name, scope: groups.scope })
        .from(groups)
        .where(and(eq(groups.id_client, idClient), inArray(groups.id, [...ids])))
      return requireEvery(ids, rows)
    },
    async regions(ids: readonly number[]) {
      if (!ids.length) return []
      const rows = await db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.id_client, idClient), inArray(regions.id, [...ids])))
      return requireEvery(ids, rows)
    },
    async waterSource(id: number | null) {
      if (id === null) return null
      const rows = await db
        .select({ id: water_sources.id })
        .from(water_sources)
        .where(and(eq(water_sources.id_client, idClient), eq(water_sources.id, id)))
      return requireEvery([id], rows)[0]!
    },
  }
}
