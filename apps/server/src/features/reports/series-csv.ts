import { csvCell, csvHeader, zoneOffsetMs } from '@kropla/domain'
import { translate } from '@kropla/i18n'
import { exportPages } from './export-pages'
import type { ReportContext } from './report-generator'
import { columnLabel } from './series-labels'
import { type Plan, sourcesFailed } from './series-plan'
import { failedSources, type SeriesReading, startSeriesReading } from './series-reads'
import { seriesRows } from './series-rows'

/**
 * A series report's CSV (spec 02 section 9): the header, then the rows of each export page at full
 * resolution, written in chunks as `write` takes them.
 */
export async function writeSeriesCsv(
  dal: SeriesReading['dal'],
  context: ReportContext,
  current: Plan,
  write: (chunk: string) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const reading = await startSeriesReading(dal, context, current)
  const formatTime = localTimeFormatter(current.timeZone)
  let headerWritten = false
  // Page by page: the embedded database buffers a whole result.
  for (const page of exportPages(current.start, current.end, current.timeZone, current.grouping)) {
    signal.throwIfAborted()
    const rows = await seriesRows(reading, page.start, page.end)
    if (reading.failedObjects.size === current.objects.length)
      throw sourcesFailed(context, failedSources(current, reading.failedObjects))
    if (!headerWritten) {
      // Labels start with the module's name, user text: csvHeader neutralises a formula.
      await write(
        csvHeader([
          `${translate(context.lang, 'report_csv.time')} (${current.timeZone})`,
          translate(context.lang, 'report_csv.utc'),
          ...current.columns.map((column) => columnLabel(context, column)),
        ]),
      )
      headerWritten = true
    }
    // Each header column's values on this page; a column of a module whose read failed stays blank.
    const indexOf = new Map(rows.columns.map((column, index) => [column, index]))
    const columnValues = current.columns.map((column) => {
      const at = indexOf.get(column)
      return at === undefined ? null : rows.values[at]!
    })
    let chunk = ''
    for (let row = 0; row < rows.timestamps.length; row++) {
      const ts = rows.timestamps[row]!
      let line = `${formatTime(ts)},${new Date(ts).toISOString()}`
      for (const values of columnValues) line += `,${csvCell(values ? (values[row] ?? null) : null)}`
      chunk += `${line}\r\n`
      if (chunk.length > 65_536) {
        await write(chunk)
        chunk = ''
      }
    }
    if (chunk) await write(chunk)
  }
}

/** `YYYY-MM-DD HH:mm:ss` on the farm's wall clock, the zone's offset looked up once an hour. */
function localTimeFormatter(timeZone: string) {
  let hour = Number.NaN
  let offset = 0
  return (ts: number) => {
    const thisHour = Math.floor(ts / 3_600_000)
    if (thisHour !== hour) {
      hour = thisHour
      offset = zoneOffsetMs(ts, timeZone)
    }
    const text = new Date(ts + offset).toISOString()
    return `${text.slice(0, 10)} ${text.slice(11, 19)}`
  }
}
