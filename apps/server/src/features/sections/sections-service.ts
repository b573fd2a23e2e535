import type { ResourceUsage, Section, saveSectionSchema } from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError, validationFailed } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { Executor } from '../../db/executor'
import { createReferences, distinct } from '../resource-usage/references'
import { refuseWhileBlocked, savingAs } from '../resource-usage/resource-writes'
import { createUsageDal } from '../resource-usage/usage-dal'
import { createSectionsDal, type SectionValues } from './sections-dal'

export type SaveSectionInput = z.output<typeof saveSectionSchema>

/**
 * Irrigation sections (spec 01 section 3, Section): area, flow, soil type 1-4, plant 1-17, the
 * account's water source and groups of outputs.
 */
export function createSectionsService(deps: { db: Db; logger: Logger }) {
  async function checked(db: Executor, idClient: number, input: SaveSectionInput) {
    const references = createReferences(db, idClient)
    await references.waterSource(input.id_water_source)
    const groupIds = distinct(input.groups)
    if ((await references.groups(groupIds)).some((group) => group.scope !== 'outputs'))
      throw validationFailed([{ path: 'groups', message: 'errors.choice_invalid' }])
    const values: SectionValues = {
      name: input.name,
      type: input.type,
      description: input.description,
      area: input.area,
      flow: input.flow,
      id_water_source: input.id_water_source,
      soil_type: input.soil_type,
      plant: input.plant,
    }
    return { values, groupIds }
  }
  const save = <T>(work: () => Promise<T>) => savingAs('section_save_failed', deps.logger, work)

  async function get(idClient: number, id: number): Promise<Section> {
    const section = await createSectionsDal(deps.db, idClient).find(id)
    if (!section) throw new HttpError('not_found')
    return section
  }

  return {
    list: (idClient: number) => createSectionsDal(deps.db, idClient).list(),
    get,

    async create(idClient: number, input: SaveSectionInput): Promise<Section> {
      const id = await save(() =>
        deps.db.transaction(async (tx) => {
          const { values, groupIds } = await checked(tx, idClient, input)
          const dal = createSectionsDal(tx, idClient)
          const row = await dal.insert(values)
          await dal.setGroups(row.id, groupIds)
          return row.id
        }),
      )
      return get(idClient, id)
    },

    async update(idClient: number, id: number, input: SaveSectionInput): Promise<Section> {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createSectionsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          const { values, groupIds } = await checked(tx, idClient, input)
          await dal.update(id, values)
          await dal.setGroups(id, groupIds)
        }),
      )
      return get(idClient, id)
    },

    async usage(idClient: number, id: number): Promise<ResourceUsage> {
      await get(idClient, id)
      return createUsageDal(deps.db, idClient).ofSection(id)
    },

    async remove(idClient: number, id: number) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createSectionsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          refuseWhileBlocked(await createUsageDal(tx, idClient).ofSection(id))
          await dal.remove(id)
        }),
      )
    },
  }
}
export type SectionsService = ReturnType<typeof createSectionsService>
