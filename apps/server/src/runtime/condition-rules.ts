import type { ConditionMetric, DeviceModel, ScheduleCondition } from '@kropla/domain'

const isSoilProbe = (model: DeviceModel) => model.inputs.some((input) => /^HUMIDITY_\d+$/.test(input.name))
/** The air sensor (ENVIRO): air temperature and relative humidity, no soil levels. */
const isAirSensor = (model: DeviceModel) =>
  !isSoilProbe(model) && model.inputs.some((input) => input.name === 'humidity')

const levelField = (prefix: string) => new RegExp(`^${prefix}_\\d+$`)

/**
 * The catalogue fields of a model that measure a condition's metric: the soil probes' levels
 * (HUMIDITY_n, TEMP_n, ECW_n, MCI_n) and the air sensor's TEMP_1. A module of another kind
 * measures none of them.
 */
export function metricFields(model: DeviceModel | undefined, metric: ConditionMetric): string[] {
  if (!model) return []
  const names = model.inputs.map((input) => input.name)
  switch (metric) {
    case 'soil_humidity':
      return names.filter((name) => levelField('HUMIDITY').test(name))
    case 'soil_temperature':
      return isSoilProbe(model) ? names.filter((name) => levelField('TEMP').test(name)) : []
    case 'air_temperature':
      return isAirSensor(model) ? names.filter((name) => name === 'TEMP_1') : []
    case 'ec':
      return names.filter((name) => levelField('ECW').test(name))
    case 'mci':
      return names.filter((name) => levelField('MCI').test(name))
  }
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length

/**
 * A group's value of a metric: each module's mean over its levels that have a value, then the
 * mean over the modules that have one. Null when no module of the group has a value.
 */
export function groupAverage(perModule: number[][]): number | null {
  const moduleMeans = perModule.filter((values) => values.length > 0).map(mean)
  return moduleMeans.length ? mean(moduleMeans) : null
}

export const conditionHolds = (condition: Pick<ScheduleCondition, 'comparator' | 'value'>, value: number) =>
  condition.comparator === 'lt' ? value < condition.value : value > condition.value

export type ConditionVerdict = { kind: 'met' } | { kind: 'not_met' } | { kind: 'no_data' }

/** Every condition must hold; a condition without a value makes the verdict `no_data`. */
export function conditionsVerdict(
  conditions: readonly Pick<ScheduleCondition, 'comparator' | 'value'>[],
  values: readonly (number | null)[],
): ConditionVerdict {
  if (values.some((value) => value === null)) return { kind: 'no_data' }
  const allHold = conditions.every((condition, index) => conditionHolds(condition, values[index]!))
  return allHold ? { kind: 'met' } : { kind: 'not_met' }
}
