import type { GeoObject, Region, saveGeoObjectSchema, saveRegionSchema } from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import { createReferences, distinct } from '../resource-usage/references'
import { savingAs } from '../resource-usage/resource-writes'
import { createGeoObjectsDal, createRegionsDal } from './regions-dal'

export type SaveRegionInput = z.output<typeof saveRegionSchema>
export type SaveGeoObjectInput = z.output<typeof saveGeoObjectSchema>

/** Map regions (spec 01 section 3): a polygon of at least three points and the account's modules in it. */
export function createRegionsService(deps: { db: Db; logger: Logger }) {
  const save = <T>(work: () => Promise<T>) => savingAs('region_save_failed', deps.logger, work)
  const values = (input: SaveRegionInput) => ({
    name: input.name,
    description: input.description,
    points: input.points,
  })

  async function get(idClient: number, id: number): Promise<Region> {
    const region = await createRegionsDal(deps.db, idClient).find(id)
    if (!region) throw new HttpError('not_found')
    return region
  }

  return {
    list: (idClient: number) => createRegionsDal(deps.db, idClient).list(),
    get,

    async create(idClient: number, input: SaveRegionInput): Promise<Region> {
      const id = await save(() =>
        deps.db.transaction(async (tx) => {
          const objectIds = distinct(input.objects)
          await createReferences(tx, idClient).objects(objectIds)
          const dal = createRegionsDal(tx, idClient)
          const row = await dal.insert(values(input))
          await dal.setObjects(row.id, objectIds)
          return row.id
        }),
      )
      return get(idClient, id)
    },

    async update(idClient: number, id: number, input: SaveRegionInput): Promise<Region> {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createRegionsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          const objectIds = distinct(input.objects)
          await createReferences(tx, idClient).objects(objectIds)
          await dal.update(id, values(input))
          await dal.setObjects(id, objectIds)
        }),
      )
      return get(idClient, id)
    },

    /** Its modules and outputs leave the region. */
    async remove(idClient: number, id: number) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createRegionsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          await dal.remove(id)
        }),
      )
    },
  }
}
export type RegionsService = ReturnType<typeof createRegionsService>

/** Geo objects: points of interest on the map (a well, a shed, a gate). */
export function createGeoObjectsService(deps: { db: Db; logger: Logger }) {
  const save = <T>(work: () => Promise<T>) => savingAs('object_save_failed', deps.logger, work)
  const found = (object: GeoObject | null) => {
    if (!object) throw new HttpError('not_found')
    return object
  }
  return {
    list: (idClient: number) => createGeoObjectsDal(deps.db, idClient).list(),
    get: async (idClient: number, id: number) => found(await createGeoObjectsDal(deps.db, idClient).find(id)),
    create: (idClient: number, input: SaveGeoObjectInput) =>
      save(() => createGeoObjectsDal(deps.db, idClient).insert(input)),
    update: async (idClient: number, id: number, input: SaveGeoObjectInput) =>
      found(await save(() => createGeoObjectsDal(deps.db, idClient).update(id, input))),
    async remove(idClient: number, id: number) {
      if (!(await save(() => createGeoObjectsDal(deps.db, idClient).remove(id))))
        throw new HttpError('not_found')
    },
  }
}
export type GeoObjectsService = ReturnType<typeof createGeoObjectsService>
