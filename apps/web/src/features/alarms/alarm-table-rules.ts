import type { AlarmRow } from '@kropla/domain'

/** The state filter of the alarms screen; `removed` reads the removed rows the server keeps apart. */
export const alarmStateFilters = ['all', 'active', 'unconfirmed', 'confirmed', 'inactive', 'removed'] as const
export type AlarmStateFilter = (typeof alarmStateFilters)[number]

export function isAlarmStateFilter(value: string): value is AlarmStateFilter {
  return (alarmStateFilters as readonly string[]).includes(value)
}

/** Whether a row belongs under the chosen state (spec 01 section 4: active, confirmed, inactive, removed). */
export function matchesState(row: AlarmRow, state: AlarmStateFilter): boolean {
  if (state === 'removed') return row.deleted
  if (row.deleted) return false
  switch (state) {
    case 'all':
      return true
    case 'active':
      return row.active
    case 'unconfirmed':
      return !row.confirmed
    case 'confirmed':
      return row.confirmed
    case 'inactive':
      return !row.active
  }
}

export const alarmSortColumns = [
  'module',
  'alarm',
  'value',
  'threshold',
  'activation',
  'inactivation',
  'state',
] as const
export type AlarmSortColumn = (typeof alarmSortColumns)[number]
export interface AlarmSort {
  column: AlarmSortColumn
  direction: 'ascending' | 'descending'
}

/** Newest first, as the server answers. */
export const defaultAlarmSort: AlarmSort = { column: 'activation', direction: 'descending' }

/** Clicking a column sorts by it ascending; clicking it again turns the order round. */
export function nextSort(current: AlarmSort, column: AlarmSortColumn): AlarmSort {
  if (current.column !== column) return { column, direction: 'ascending' }
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
}

/** What needs attention first: active and unconfirmed, then active, then inactive unconfirmed, then the rest. */
function stateRank(row: AlarmRow): number {
  if (row.deleted) return 4
  if (row.active) return row.confirmed ? 1 : 0
  return row.confirmed ? 3 : 2
}

type SortKey = string | number | null

function keyOf(row: AlarmRow, column: AlarmSortColumn, describe: (row: AlarmRow) => string): SortKey {
  switch (column) {
    case 'module':
      return row.object_name.toLocaleLowerCase()
    case 'alarm':
      return describe(row).toLocaleLowerCase()
    case 'value':
      return row.value
    case 'threshold':
      return row.threshold
    case 'activation':
      return Date.parse(row.activation_date)
    case 'inactivation':
      return row.inactivation_date === null ? null : Date.parse(row.inactivation_date)
    case 'state':
      return stateRank(row)
  }
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0
  // Empty cells (no value, still active) go last whichever the direction.
  if (a === null) return 1
  if (b === null) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a).localeCompare(String(b))
}

/** The rows in the chosen order; ties keep the newest activation first. */
export function sortAlarms(
  rows: readonly AlarmRow[],
  sort: AlarmSort,
  describe: (row: AlarmRow) => string,
): AlarmRow[] {
  const sign = sort.direction === 'ascending' ? 1 : -1
  return [...rows].sort((a, b) => {
    const ka = keyOf(a, sort.column, describe)
    const kb = keyOf(b, sort.column, describe)
    const byColumn = ka === null || kb === null ? compareKeys(ka, kb) : sign * compareKeys(ka, kb)
    return byColumn || Date.parse(b.activation_date) - Date.parse(a.activation_date) || b.id - a.id
  })
}

/** Whether a row matches the typed text: module name, serial number or the alarm in words. */
export function matchesText(row: AlarmRow, text: string, describe: (row: AlarmRow) => string): boolean {
  const needle = text.trim().toLocaleLowerCase()
  if (!needle) return true
  return [row.object_name, row.object_serial, describe(row)].some((haystack) =>
    haystack.toLocaleLowerCase().includes(needle),
  )
}
