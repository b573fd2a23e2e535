import { findModel, type ScheduleCondition } from '@kropla/domain'
import { type ConditionVerdict, conditionsVerdict, groupAverage, metricFields } from './condition-rules'
import type { ConditionsDal } from './conditions-dal'

interface ModuleReadings {
  id: number
  model: string
  values: Map<string, number>
}

/** The latest values of an account's modules, only those it owns (a foreign id has no data). */
async function latestOf(
  dal: ConditionsDal,
  idClient: number,
  objectIds: number[],
): Promise<ModuleReadings[]> {
  const modules = new Map<number, ModuleReadings>()
  for (const row of await dal.latestReadings(idClient, objectIds)) {
    const module = modules.get(row.id) ?? { id: row.id, model: row.model, values: new Map() }
    modules.set(row.id, module)
    if (row.field !== null && row.value !== null) module.values.set(row.field, row.value)
  }
  return [...modules.values()]
}

/** The value a condition compares: one module's field, or the group's average of the metric. */
async function conditionValue(
  dal: ConditionsDal,
  idClient: number,
  condition: ScheduleCondition,
): Promise<number | null> {
  const { source, metric } = condition
  if (source.kind === 'object') {
    const [module] = await latestOf(dal, idClient, [source.id_object])
    if (!module || !metricFields(findModel(module.model), metric).includes(source.field)) return null
    return module.values.get(source.field) ?? null
  }
  const modules = await latestOf(dal, idClient, await dal.groupModules(idClient, source.id_group))
  return groupAverage(
    modules.map((module) =>
      metricFields(findModel(module.model), metric).flatMap((field) => {
        const value = module.values.get(field)
        return value === undefined ? [] : [value]
      }),
    ),
  )
}

/** Checks a schedule's conditions against the account's latest readings. */
export async function evaluateConditions(
  dal: ConditionsDal,
  idClient: number,
  conditions: readonly ScheduleCondition[],
): Promise<ConditionVerdict> {
  const values: (number | null)[] = []
  for (const condition of conditions) values.push(await conditionValue(dal, idClient, condition))
  return conditionsVerdict(conditions, values)
}
