import { roundTo, shiftBack } from '@kropla/domain'
import { readSeriesRange, type SeriesReading } from './series-reads'

/** The rows of [start, end) (a page of an export, or the whole range), previous period beside. */
export async function seriesRows(reading: SeriesReading, start: Date, end: Date) {
  const { current, failedObjects } = reading
  const now = await readSeriesRange(reading, start, end, '')
  const before = current.previous
    ? await readSeriesRange(
        reading,
        shiftBack(start, current.previous.period, current.timeZone),
        shiftBack(end, current.previous.period, current.timeZone),
        'previous:',
      )
    : null
  const times = new Set<number>()
  for (const field of now.values())
    for (const column of field.values()) for (const ts of column.keys()) times.add(ts)
  const lowest = current.dropBeforeStart ? current.start.getTime() : Number.NEGATIVE_INFINITY
  const timestamps = [...times].filter((ts) => ts >= lowest).sort((a, b) => a - b)
  const columns = current.columns.filter((column) =>
    column.aggregate
      ? column.aggregate.some((field) => !failedObjects.has(field.idObject))
      : !failedObjects.has(column.field.idObject),
  )
  const shifted = current.previous
    ? timestamps.map((ts) => shiftBack(new Date(ts), current.previous!.period, current.timeZone).getTime())
    : []
  const values = columns.map((column) => {
    if (column.aggregate) {
      const source = column.period === 'current' ? now : before
      const times = column.period === 'current' ? timestamps : shifted
      const maps = column.aggregate
        .map((field) => source?.get(`${field.idObject}:${field.info.field}`)?.get(column.statistic))
        .filter((map) => map !== undefined)
      return times.map((ts) => {
        let sum = 0
        let count = 0
        for (const map of maps) {
          const value = map.get(ts)
          if (value !== null && value !== undefined) {
            sum += value
            count++
          }
        }
        if (count === 0) return null
        return column.statistic === 'avg' ? roundTo(sum / count, 2) : sum / count
      })
    }
    const key = `${column.field.idObject}:${column.field.info.field}`
    if (column.period === 'current') {
      const map = now.get(key)?.get(column.statistic)
      return timestamps.map((ts) => map?.get(ts) ?? null)
    }
    const map = before?.get(key)?.get(column.statistic)
    return shifted.map((ts) => map?.get(ts) ?? null)
  })
  return { timestamps, columns, values }
}
