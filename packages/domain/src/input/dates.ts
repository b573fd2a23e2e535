import { z } from 'zod'

/**
 * The years a date or moment sent to the app may fall in. Schedules, pauses, publications and the
 * ranges the calendar, history and alarm lists ask for all live in this century; a year outside it
 * is a typing slip (or year 0, which PostgreSQL refuses), so it is refused with a clear message.
 */
export const earliestYear = 2000
export const latestYear = 2100

export const dateInvalidError = 'errors.date_invalid'
export const dateOutOfRangeError = 'errors.date_out_of_range'

/** The year written at the start of a day or moment lies in [earliestYear, latestYear]. */
export function isYearInRange(value: string): boolean {
  const year = Number(value.slice(0, 4))
  return year >= earliestYear && year <= latestYear
}

/** A calendar day `YYYY-MM-DD` (schedule begin and end dates): a day that exists, in the app's years. */
export const calendarDaySchema = z.iso
  .date({ error: dateInvalidError, abort: true })
  .refine(isYearInRange, { error: dateOutOfRangeError })

/** An ISO 8601 moment with an offset (`2030-01-01T06:00:00Z`) that exists, in the app's years. */
export const momentSchema = z.iso
  .datetime({ offset: true, error: dateInvalidError, abort: true })
  .refine(isYearInRange, { error: dateOutOfRangeError })

/** A query bound: a moment, or a calendar day (read as its start in the user's time zone). */
export const dayOrMomentSchema = z.union([momentSchema, calendarDaySchema], { error: dateInvalidError })
