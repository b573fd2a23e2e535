import { type ReportGrouping, zoneOffsetMs } from '@kropla/domain'

const MINUTE = 60_000
const WEEK = 7 * 86_400_000

/**
 * An export's pages: local calendar months, and raw minute rows a week at most, so that one page's
 * readings (20 modules' week is about 60,000) are short-lived garbage rather than a month's that
 * outlives the collector's young generation and grows the server's memory. Cut at whole minutes: a
 * minute's readings never straddle two pages.
 */
export function* exportPages(start: Date, end: Date, timeZone: string, grouping: ReportGrouping) {
  for (const page of monthPages(start, end, timeZone)) {
    if (grouping !== 'minute') {
      yield page
      continue
    }
    let from = page.start
    while (from < page.end) {
      const to = new Date(Math.min(Math.floor((from.getTime() + WEEK) / MINUTE) * MINUTE, page.end.getTime()))
      yield { start: from, end: to }
      from = to
    }
  }
}

/** [start, end) cut at the farm's local month starts. */
export function* monthPages(start: Date, end: Date, timeZone: string) {
  let from = start
  while (from < end) {
    const local = new Date(from.getTime() + zoneOffsetMs(from.getTime(), timeZone))
    const nextMonth = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1)
    // Local midnight of the next month's first day (offset of that moment, checked once more).
    let to = nextMonth - zoneOffsetMs(nextMonth, timeZone)
    to = nextMonth - zoneOffsetMs(to, timeZone)
    const pageEnd = new Date(Math.min(to, end.getTime()))
    yield { start: from, end: pageEnd }
    from = pageEnd
  }
}
