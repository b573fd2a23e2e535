import { formatDateTime } from '../../lib/format-date'

const tokens = /YYYY|MM|DD|HH|hh|mm|ss|A/g

/**
 * A formatter of instants in one zone and one of the users' date formats (`YYYY-MM-DD HH:mm:ss`,
 * `MM/DD/YYYY hh:mm A` ...), built once: one Intl.DateTimeFormat read per call, about a
 * twentieth of a dayjs zone conversion, so a table can format a screenful of rows per frame.
 * Gives what formatDateTime gives (the unit test holds them together).
 */
export function zonedFormatter(format: string, zone: string): (epochMs: number) => string {
  let parts: Intl.DateTimeFormat
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
  } catch {
    // A zone this browser does not know: formatDateTime's own fallback (the browser's zone).
    return (epochMs) => formatDateTime(new Date(epochMs).toISOString(), format, zone)
  }
  return (epochMs) => {
    const values: Record<string, string> = {}
    for (const part of parts.formatToParts(epochMs)) values[part.type] = part.value
    const hour = Number(values.hour) % 24
    return format.replace(tokens, (token) => {
      switch (token) {
        case 'YYYY':
          return values.year ?? ''
        case 'MM':
          return values.month ?? ''
        case 'DD':
          return values.day ?? ''
        case 'HH':
          return String(hour).padStart(2, '0')
        case 'hh':
          return String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0')
        case 'mm':
          return values.minute ?? ''
        case 'ss':
          return values.second ?? ''
        default:
          return hour < 12 ? 'AM' : 'PM'
      }
    })
  }
}
