import { findModel, type Group, type ResourceUsage, type saveGroupSchema } from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { Executor } from '../../db/executor'
import { createReferences, distinct } from '../resource-usage/references'
import { refuseWhileBlocked, savingAs } from '../resource-usage/resource-writes'
import { createUsageDal } from '../resource-usage/usage-dal'
import { createGroupsDal } from './groups-dal'

export type SaveGroupInput = z.output<typeof saveGroupSchema>

/**
 * Groups of modules or of outputs (spec 01 section 3, Group). A modules group takes only
 * groupable models (`not_groupable`). Saving replaces the elements, read in the saved scope, so
 * changing the scope drops the old elements; a group that sections use stays a group of outputs.
 */
export function createGroupsService(deps: { db: Db; logger: Logger }) {
  async function checkElements(db: Executor, idClient: number, input: SaveGroupInput) {
    const references = createReferences(db, idClient)
    const elements = distinct(input.elements)
    if (input.scope === 'objects') {
      const modules = await references.objects(elements)
      if (modules.some((module) => !findModel(module.model)?.groupable)) throw new HttpError('not_groupable')
    } else await references.outputs(elements)
    return elements
  }
  const values = (input: SaveGroupInput) => ({
    name: input.name,
    description: input.description,
    scope: input.scope,
  })
  const save = <T>(work: () => Promise<T>) => savingAs('group_save_failed', deps.logger, work)

  async function get(idClient: number, id: number): Promise<Group> {
    const group = await createGroupsDal(deps.db, idClient).find(id)
    if (!group) throw new HttpError('not_found')
    return group
  }

  return {
    list: (idClient: number) => createGroupsDal(deps.db, idClient).list(),
    get,

    async create(idClient: number, input: SaveGroupInput): Promise<Group> {
      const id = await save(() =>
        deps.db.transaction(async (tx) => {
          const elements = await checkElements(tx, idClient, input)
          const dal = createGroupsDal(tx, idClient)
          const row = await dal.insert(values(input))
          await dal.setElements(row.id, input.scope, elements)
          return row.id
        }),
      )
      return get(idClient, id)
    },

    async update(idClient: number, id: number, input: SaveGroupInput): Promise<Group> {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createGroupsDal(tx, idClient)
          const before = await dal.lock(id)
          if (!before) throw new HttpError('not_found')
          if (before.scope !== input.scope && input.scope === 'objects')
            // Sections hold groups of outputs only.
            refuseWhileBlocked({
              blocking: (await createUsageDal(tx, idClient).ofGroup(id)).warnings,
              warnings: [],
            })
          const elements = await checkElements(tx, idClient, input)
          await dal.update(id, values(input))
          await dal.setElements(id, input.scope, elements)
        }),
      )
      return get(idClient, id)
    },

    async usage(idClient: number, id: number): Promise<ResourceUsage> {
      await get(idClient, id)
      return createUsageDal(deps.db, idClient).ofGroup(id)
    },

    /** Sections holding the group lose it (the warnings). */
    async remove(idClient: number, id: number) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createGroupsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          refuseWhileBlocked(await createUsageDal(tx, idClient).ofGroup(id))
          await dal.remove(id)
        }),
      )
    },
  }
}
export type GroupsService = ReturnType<typeof createGroupsService>
