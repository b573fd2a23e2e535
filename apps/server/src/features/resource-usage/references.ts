import { HttpError } from '../../app/http-errors'
import type { Executor } from '../../db/executor'
import { createReferencesDal } from './references-dal'

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
  const dal = createReferencesDal(db, idClient)
  return {
    objects: async (ids: readonly number[]) => (ids.length ? requireEvery(ids, await dal.objects(ids)) : []),
    outputs: async (ids: readonly number[]) => (ids.length ? requireEvery(ids, await dal.outputs(ids)) : []),
    groups: async (ids: readonly number[]) => (ids.length ? requireEvery(ids, await dal.groups(ids)) : []),
    regions: async (ids: readonly number[]) => (ids.length ? requireEvery(ids, await dal.regions(ids)) : []),
    waterSource: async (id: number | null) =>
      id === null ? null : requireEvery([id], await dal.waterSources([id]))[0]!,
  }
}
