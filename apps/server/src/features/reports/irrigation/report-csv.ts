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
