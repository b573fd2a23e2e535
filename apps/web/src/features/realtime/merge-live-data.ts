import type { LatestValue, LiveDataRow, MeResponse, ObjectSummary } from '@kropla/domain'

/**
 * Folds live `data` rows into the `/api/me` answer so tiles update without a reload. Per field the
 * newest reading by dtimestamp wins: a late or repeated older row never overwrites a newer value.
 * Unchanged objects keep their identity, so only the tiles that changed re-render.
 */
export function mergeLiveData(me: MeResponse, rows: readonly LiveDataRow[]): MeResponse {
  const rowsByObject = new Map<number, LiveDataRow[]>()
  for (const row of rows) {
    const list = rowsByObject.get(row.id_object)
    if (list) list.push(row)
    else rowsByObject.set(row.id_object, [row])
  }
  if (rowsByObject.size === 0) return me

  let changed = false
  const objects = me.objects.map((object) => {
    const objectRows = rowsByObject.get(object.id)
    if (!objectRows) return object
    const merged = objectRows.reduce(mergeRow, object)
    if (merged !== object) changed = true
    return merged
  })
  return changed ? { ...me, objects } : me
}

function mergeRow(object: ObjectSummary, row: LiveDataRow): ObjectSummary {
  const rowTime = Date.parse(row.dtimestamp)
  if (Number.isNaN(rowTime)) return object

  let latest: ObjectSummary['latest'] | null = null
  for (const [field, value] of Object.entries(row.values)) {
    const current = object.latest[field]
    if (current && Date.parse(current.dtimestamp) > rowTime) continue
    latest ??= { ...object.latest }
    latest[field] = {
      value,
      dtimestamp: row.dtimestamp,
      previous: row.previous[field] ?? previousFrom(current, row.dtimestamp),
    }
  }
  if (!latest) return object
  return { ...object, latest, last_data_at: laterOf(object.last_data_at, row.dtimestamp) }
}

/** When the row carries no previous value, the one it replaces becomes the previous (for the trend). */
function previousFrom(current: LatestValue | undefined, rowTimestamp: string): LatestValue['previous'] {
  if (!current) return null
  if (current.dtimestamp === rowTimestamp) return current.previous
  return { value: current.value, dtimestamp: current.dtimestamp }
}

function laterOf(a: string | null, b: string): string {
  if (a === null) return b
  return Date.parse(a) >= Date.parse(b) ? a : b
}
