/**
 * Calendar days and wall-clock times in an IANA time zone, from the built-in Intl time-zone data
 * (no date library: the domain package runs in the browser and the server alike, and this is all
 * the zone arithmetic irrigation needs).
 */

const MINUTE = 60_000
const DAY = 86_400_000

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall-clock reading of `instant` in `timeZone`, expressed as if it were UTC milliseconds. */
function wallClockMs(instant: number, timeZone: string) {
  const parts: Record<string, number> = {}
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  const { year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts
  return Date.UTC(year, month - 1, day, hour, minute, second) + (((instant % 1000) + 1000) % 1000)
}

/** The zone's offset from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export const zoneOffsetMs = (instant: number, timeZone: string) => wallClockMs(instant, timeZone) - instant

/** A calendar day as a count of days since 1970-01-01 (the day's own number, zone-free). */
export type DayNumber = number

export function dayNumberOf(date: string): DayNumber {
  return Math.floor(
    Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY,
  )
}

export const dateOfDayNumber = (day: DayNumber) => new Date(day * DAY).toISOString().slice(0, 10)

/** ISO weekday of a day: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: DayNumber) => new Date(day * DAY).getUTCDay() || 7

/** The calendar day `instant` falls on in `timeZone`. */
export const localDayNumber = (instant: Date, timeZone: string): DayNumber =>
  Math.floor(wallClockMs(instant.getTime(), timeZone) / DAY)

/** Minutes since local midnight of `instant` in `timeZone`. */
export const localMinuteOfDay = (instant: Date, timeZone: string) =>
  Math.floor((wallClockMs(instant.getTime(), timeZone) % DAY) / MINUTE)

/**
 * The instant at which the wall clock of `timeZone` shows `minuteOfDay` on `day`.
 *
 * Daylight-saving changes follow the `compatible` rule of ECMAScript Temporal (and of most
 * calendars): a wall-clock time inside the hour skipped in spring happens as many minutes after
 * the change as it is past the change's start (02:30 on the spring-forward day in Europe/Warsaw is
 * 03:30 CEST, the first real moment after it); a time that happens twice in autumn happens at its
 * first occurrence (02:30 CEST, not 02:30 CET).
 */
export function zonedInstant(day: DayNumber, minuteOfDay: number, timeZone: string): Date {
  const wallClock = day * DAY + minuteOfDay * MINUTE
  // Real zones change their offset at most once within two days around any moment.
  const offsetBefore = zoneOffsetMs(wallClock - DAY, timeZone)
  const offsetAfter = zoneOffsetMs(wallClock + DAY, timeZone)
  const candidates = [wallClock - offsetBefore, wallClock - offsetAfter].filter(
    (instant) => wallClockMs(instant, timeZone) === wallClock,
  )
  if (candidates.length === 0) return new Date(wallClock - offsetBefore)
  return new Date(Math.min(...candidates))
}
