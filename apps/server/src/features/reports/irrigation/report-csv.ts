/** CSV of spec 02 section 9: quoted header line, comma separated, empty values blank. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? '1' : '0'
  return `"${value.replaceAll('"', '""')}"`
}

/** The header line; a byte-order mark first so spreadsheet programs read the text as UTF-8. */
export const csvHeader = (labels: readonly string[]) =>
  `\ufeff${labels.map((label) => `"${label.replaceAll('"', '""')}"`).join(',')}\r\n`

export const csvLine = (cells: readonly (string | number | boolean | null)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`

const localFormatters = new Map<string, Intl.DateTimeFormat>()
/** `YYYY-MM-DD HH:mm:ss` on the wall clock of `timeZone`. */
export function localTimestamp(instant: Date, timeZone: string): string {
  let formatter = localFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    localFormatters.set(timeZone, formatter)
  }
  return formatter.format(instant)
}
