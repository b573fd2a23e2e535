import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

/**
 * Shows a stored UTC moment in the user's format and time zone (spec 01 section 9); a null zone
 * means the browser's own, and an unknown zone name falls back to it rather than hiding the reading.
 */
export function formatDateTime(iso: string, format: string, timeZone: string | null): string {
  const moment = dayjs.utc(iso)
  if (!moment.isValid()) return ''
  if (timeZone) {
    try {
      return moment.tz(timeZone).format(format)
    } catch {
      // dayjs throws RangeError for a zone name the browser does not know
    }
  }
  return moment.local().format(format)
}
