import { findModel, type ScheduleCondition } from '@kropla/domain'
import type pg from 'pg'
import { type ConditionVerdict, conditionsVerdict, groupAverage, metricFields } from './condition-rules'

interface ModuleReadings {
  id: number
  model: string
  values: Map<string, number>
}

/** The latest values of an account's modules, only those it owns (a foreign id has no data). */
async function latestOf(pool: pg.Pool, idClient: number, objectIds: number[]): Promise<ModuleReadings[]> {
  if (objectIds.length === 0) return []
  const { rows } = await pool.query<{
    id: number
    model: string
    field: string | null
    value: number | null
  }>(
    `select o.id, o.last_device_model as model, l.field, l.value
       from objects o left join latest_readings l on l.object_id = o.id and l.value is not null
      where o.id_client = $1 and o.id = any($2::int[])`,
    [idClient, objectIds],
  )
  const modules = new Map<number, ModuleReadings>()
  for (const row of rows) {
    const module = modules.get(row.id) ?? { id: row.id, model: row.model, values: new Map() }
    modules.set(row.id, module)
    if (row.field !== null && row.value !== null) module.values.set(row.field, row.value)
  }
  return [...modules.values()]
}

async function groupModules(pool: pg.Pool, idClient: number, idGroup: number): Promise<number[]> {
  const { rows } = await pool.query<{ id_object: number }>(
    `select go.id_object from group_objects go join groups g on g.id = go.id_group
      where g.id = $1 and g.id_client = $2`,
    [idGroup, idClient],
  )
  return rows.map((row) => row.id_object)
}

/** The value a condition compares: one module's field, or the group's average of the metric. */
async function conditionValue(
  pool: pg.Pool,
  idClient: number,
  condition: ScheduleCondition,
): Promise<number | null> {
  const { source, metric } = condition
  if (source.kind === 'object') {
    const [module] = await latestOf(pool, idClient, [source.id_object])
    if (!module || !metricFields(findModel(module.model), metric).includes(source.field)) return null
    return module.values.get(source.field) ?? null
  }
  const modules = await latestOf(pool, idClient, await groupModules(pool, idClient, source.id_group))
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
  pool: pg.Pool,
  idClient: number,
  conditions: readonly ScheduleCondition[],
): Promise<ConditionVerdict> {
  const values: (number | null)[] = []
  for (const condition of conditions) values.push(await conditionValue(pool, idClient, condition))
  return conditionsVerdict(conditions, values)
}
