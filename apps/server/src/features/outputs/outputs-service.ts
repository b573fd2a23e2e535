import {
  equipmentSchemaFor,
  findModel,
  type Output,
  propertiesOfEquipmentType,
  propertiesSchema,
  type ResourceUsage,
  type saveOutputSchema,
} from '@kropla/domain'
import type { Logger } from 'pino'
import type { z } from 'zod'
import { HttpError, validationFailed } from '../../app/http-errors'
import type { Db } from '../../db/client'
import type { Executor } from '../../db/executor'
import { isUniqueViolation } from '../../db/unique-violation'
import { createReferences, distinct } from '../resource-usage/references'
import { refuseWhileBlocked, savingAs } from '../resource-usage/resource-writes'
import { createUsageDal } from '../resource-usage/usage-dal'
import { createOutputsDal, type OutputValues } from './outputs-dal'

export type SaveOutputInput = z.output<typeof saveOutputSchema>

export interface OutputsDeps {
  db: Db
  logger: Logger
}

/**
 * Outputs and input equipment wired to module terminals (spec 01 section 3, Output / device;
 * spec 02 sections 3.4 and 3.6). Kind, type and properties must suit the module's model; one
 * piece of equipment per terminal (`interface_taken`).
 */
export function createOutputsService(deps: OutputsDeps) {
  /** The row to store: checked against the module's model, every referenced id the account's own. */
  async function checked(db: Executor, idClient: number, input: SaveOutputInput) {
    const references = createReferences(db, idClient)
    const [object] = await references.objects([input.id_object])
    const model = findModel(object!.model)
    if (!model) throw validationFailed([{ path: 'field_name', message: 'errors.interface_unknown' }])
    const parsed = equipmentSchemaFor(model).safeParse(input)
    if (!parsed.success) throw validationFailed(parsed.error)
    await references.waterSource(input.id_water_source)
    const groupIds = distinct(input.groups)
    const groups = await references.groups(groupIds)
    if (groups.some((group) => group.scope !== 'outputs'))
      throw validationFailed([{ path: 'groups', message: 'errors.choice_invalid' }])
    const regionIds = distinct(input.regions)
    await references.regions(regionIds)
    const values: OutputValues = {
      id_object: input.id_object,
      field_name: input.field_name,
      name: input.name,
      description: input.description,
      kind: input.kind,
      type: input.type,
      properties: propertiesSchema(propertiesOfEquipmentType(input.type)).parse(input.properties),
      id_water_source: input.id_water_source,
    }
    return { values, groupIds, regionIds }
  }

  function save<T>(work: () => Promise<T>) {
    return savingAs('device_save_failed', deps.logger, async () => {
      try {
        return await work()
      } catch (error) {
        if (isUniqueViolation(error, 'outputs_object_field_idx')) throw new HttpError('interface_taken')
        throw error
      }
    })
  }

  async function get(idClient: number, id: number): Promise<Output> {
    const output = await createOutputsDal(deps.db, idClient).find(id)
    if (!output) throw new HttpError('not_found')
    return output
  }

  return {
    list: (idClient: number) => createOutputsDal(deps.db, idClient).list(),
    get,

    async create(idClient: number, input: SaveOutputInput): Promise<Output> {
      const id = await save(() =>
        deps.db.transaction(async (tx) => {
          const { values, groupIds, regionIds } = await checked(tx, idClient, input)
          const dal = createOutputsDal(tx, idClient)
          const row = await dal.insert(values)
          await dal.setMemberships(row.id, groupIds, regionIds)
          return row.id
        }),
      )
      return get(idClient, id)
    },

    async update(idClient: number, id: number, input: SaveOutputInput): Promise<Output> {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createOutputsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          const { values, groupIds, regionIds } = await checked(tx, idClient, input)
          await dal.update(id, values)
          await dal.setMemberships(id, groupIds, regionIds)
        }),
      )
      return get(idClient, id)
    },

    async usage(idClient: number, id: number): Promise<ResourceUsage> {
      await get(idClient, id)
      return createUsageDal(deps.db, idClient).ofOutput(id)
    },

    /** Refused while a water source uses the output; its groups and regions let it go. */
    async remove(idClient: number, id: number) {
      await save(() =>
        deps.db.transaction(async (tx) => {
          const dal = createOutputsDal(tx, idClient)
          if (!(await dal.lock(id))) throw new HttpError('not_found')
          refuseWhileBlocked(await createUsageDal(tx, idClient).ofOutput(id))
          await dal.remove(id)
        }),
      )
    },
  }
}
export type OutputsService = ReturnType<typeof createOutputsService>
