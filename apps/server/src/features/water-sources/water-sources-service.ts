import type { ResourceUsage, saveWaterSourceSchema, WaterSource } from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError, validationFailed } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { Executor } from '../../db/executor'
import { createReferences, distinct } from '../resource-usage/references'
import { refuseWhileBlocked, savingAs } from '../resource-usage/resource-writes'
import { createUsageDal } from '../resource-usage/usage-dal'
import { createWaterSourcesDal } from './water-sources-dal'

export type SaveWaterSourceInput = z.output<typeof saveWaterSourceSchema>

/**
 * Water sources (spec 01 section 3): at least one clean-water output, optional fertigated-water
 * outputs, never one output in both; only the account's outputs of kind `output`.
 */
export function createWaterSourcesService(deps: { db: Db; logger: Logger }) {
  async function checkOutputs(db: Executor, idClient: number, input: SaveWaterSourceInput) {
    const references = createReferences(db, idClient)
    const clean = distinct(input.clean_outputs)
    const fertigated = distinct(input.fertigated_outputs)
    const issues = []
    if ((await references.outputs(clean)).some((output) => output.kind !== 'output'))
      issues.push({ path: 'clean_outputs', message: 'errors.choice_invalid' })
    if ((await references.outputs(fertigated)).some((output) => output.kind !== 'output'))
      issues.push({ path: 'fertigated_outputs', message: 'errors.choice_invalid' })
    if (issues.length) throw validationFailed(issues)
    return { clean, fertigated }
  }
  const values = (input: SaveWaterSourceInput) => ({
    name: input.name,
    description: input.description,
    efficiency: input.efficiency,
  })
  const save = <T>(work: () => Promise<T>) => savingAs('water_source_save_failed', deps.logger, work)

  async function get(idClient: number, id: number): Promise<WaterSource> {
    const source = await createWaterSourcesDal(deps.db, idClient).find(id)
    if (!source) throw new HttpError('not_found')
    return source
  }

  return {
    list: (idClient: number) => createWaterSourcesDal(deps.db, idClient).list(),
    get,

    async create(idClient: number, input: SaveWaterSourceInput): Promise<WaterSource> {
      const id = await save(() =>
        deps.db.transaction(async (tx) => {
          const { clean, fertigated } = await checkOutputs(tx, idClient, input)
          const dal = createWaterSourcesDal(tx, idClient)
          const row = await dal.insert(values(input))
          await dal.setOutputs(row.id, clean, fertigated)
          return row.id
        }),
      )
      return get(idClient, id)
    },

    async update(idClient: number, id: number, input: SaveWaterSourceInput): Promise<WaterSource> {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createWaterSourcesDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          const { clean, fertigated } = await checkOutputs(tx, idClient, input)
          await dal.update(id, values(input))
          await dal.setOutputs(id, clean, fertigated)
        }),
      )
      return get(idClient, id)
    },

    async usage(idClient: number, id: number): Promise<ResourceUsage> {
      await get(idClient, id)
      return createUsageDal(deps.db, idClient).ofWaterSource(id)
    },

    /** Sections and outputs drawing from it are left without a water source (the warnings). */
    async remove(idClient: number, id: number) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createWaterSourcesDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          refuseWhileBlocked(await createUsageDal(tx, idClient).ofWaterSource(id))
          await dal.remove(id)
        }),
      )
    },
  }
}
export type WaterSourcesService = ReturnType<typeof createWaterSourcesService>
