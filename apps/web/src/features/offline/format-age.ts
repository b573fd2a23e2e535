const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/**
 * How long ago `at` was, in the user's language ("3 hours ago", "3 godziny temu"; "now" under a
 * minute): the age of a value the app shows, which matters most when it cannot ask for a newer one.
 */
export function formatAge(at: number, now: number, lang: string): string {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'long' })
  const elapsed = Math.max(0, now - at)
  if (elapsed < minute) return format.format(0, 'second')
  if (elapsed < hour) return format.format(-Math.floor(elapsed / minute), 'minute')
  if (elapsed < 2 * day) return format.format(-Math.floor(elapsed / hour), 'hour')
  return format.format(-Math.floor(elapsed / day), 'day')
}
