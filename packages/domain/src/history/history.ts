import { z } from 'zod'
import { dateOfDayNumber, localDayNumber, zonedInstant } from '../irrigation/zoned-time'

/**
 * History of a module's values (spec 01 section 7, `history_request`): the rows of one module in
 * ascending time, raw readings for short ranges and hourly or daily rollups for long ones, so that
 * a chart gets at most about `max_points` points per field whatever the range.
 */

const HOUR = 3_600_000
const MINUTE = 60_000

/** Without `max_points`: about two points per pixel of a 1000-pixel-wide chart. */
export const defaultHistoryMaxPoints = 2000
export const historyMaxPointsLimits = { min: 10, max: 10_000 } as const
/** Without dates: the last day. */
export const defaultHistoryRangeMs = 24 * HOUR
/** The longest range one request may ask for (about ten years of daily points). */
export const maxHistoryRangeMs = 3660 * 24 * HOUR
/** At most this many fields in one request. */
export const maxHistoryFields = 32
/**
 * The densest a module reports (one reading a minute): a range with no more minutes than
 * `max_points` is answered raw without counting.
 */
export const densestReadingIntervalMs = MINUTE
/**
 * The longest range that may be answered from raw readings, whatever `max_points` allows: a longer
 * one is always read from the rollups, so no request makes the database count or read a long range
 * of raw rows (issue 23, item 3; ADR 0093). A week of 10-minute readings still comes raw.
 */
export const longestRawRangeMs = 7 * 24 * HOUR

/** The timestamp fields every row carries; they are added to the requested fields automatically. */
export const historyTimestampFields = ['timestamp', 'dtimestamp', 'timestamp_unix'] as const

const isoInstant = z.iso.datetime({ offset: true, error: 'errors.history_bad_range' })

export const historyRequestSchema = z.object({
  id_object: z.number().int().positive(),
  fields: z.array(z.string().min(1).max(64)).min(1, { error: 'errors.field_unknown' }).max(maxHistoryFields),
  /** UTC (or any offset) ISO 8601; without it, `end_date` minus one day. */
  start_date: isoInstant.optional(),
  /** UTC (or any offset) ISO 8601; without it, now. */
  end_date: isoInstant.optional(),
  /** The most points per field the chart wants (about twice its width in pixels). */
  max_points: z.number().int().min(historyMaxPointsLimits.min).max(historyMaxPointsLimits.max).optional(),
})
export type HistoryRequest = z.input<typeof historyRequestSchema>

/** `raw`: readings as stored; `hour`: UTC hours; `day`: the account's local calendar days. */
export const historyResolutionSchema = z.enum(['raw', 'hour', 'day'])
export type HistoryResolution = z.infer<typeof historyResolutionSchema>

/**
 * One row: the three timestamp forms, then each requested field's value (the average of the bucket
 * when aggregated, `null` when the module sent none). Aggregated rows also carry `<field>__min`,
 * `<field>__max`, `<field>__sum` and `<field>__count` (the double-underscore suffix, as
 * `activation__` in live rows), for min-max bands and totals.
 */
export interface HistoryRow {
  timestamp: string
  dtimestamp: string
  timestamp_unix: number
  /** A field's value or bucket figure (numbers or null; the three timestamps above are the others). */
  [field: string]: string | number | null
}
// zod infers a catch-all that conflicts with the string timestamps; the interface above says it.
export const historyRowSchema = z
  .object({
    timestamp: z.string(),
    dtimestamp: z.string(),
    timestamp_unix: z.number().int(),
  })
  .catchall(z.number().nullable()) as unknown as z.ZodType<HistoryRow>

export const historyAnswerSchema = z.object({
  ok: z.literal(true),
  id_object: z.number().int(),
  resolution: historyResolutionSchema,
  start_date: z.string(),
  end_date: z.string(),
  /** The requested fields, in the order asked. */
  fields: z.array(z.string()),
  rows: z.array(historyRowSchema),
})
export type HistoryAnswer = z.infer<typeof historyAnswerSchema>

export const historyAckSchema = z.union([
  historyAnswerSchema,
  z.object({ err: z.string(), message: z.string() }),
])
export type HistoryAck = z.infer<typeof historyAckSchema>

/**
 * The range a request means: both ends given, one end plus a day, or the last day. `null` when it
 * is not a range (start not before end, longer than `maxHistoryRangeMs`, an unparsable date).
 */
export function historyRange(
  request: { start_date?: string; end_date?: string },
  now: Date,
): { start: Date; end: Date } | null {
  const end = request.end_date
    ? new Date(request.end_date)
    : request.start_date
      ? new Date(Math.min(now.getTime(), new Date(request.start_date).getTime() + defaultHistoryRangeMs))
      : now
  const start = request.start_date
    ? new Date(request.start_date)
    : new Date(end.getTime() - defaultHistoryRangeMs)
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null
  const length = end.getTime() - start.getTime()
  if (length <= 0 || length > maxHistoryRangeMs) return null
  return { start, end }
}

/**
 * The resolution of a range before looking at the data: `day` when hours would not stay within
 * `maxPoints`; `hour` beyond `longestRawRangeMs` (long ranges always come from the rollups); `raw`
 * when even one reading a minute stays within `maxPoints`; otherwise `count` (the raw rows decide:
 * see resolutionByCount).
 */
export function resolutionByRange(rangeMs: number, maxPoints: number): HistoryResolution | 'count' {
  if (Math.ceil(rangeMs / HOUR) > maxPoints) return 'day'
  if (rangeMs > longestRawRangeMs) return 'hour'
  if (rangeMs / densestReadingIntervalMs <= maxPoints) return 'raw'
  return 'count'
}

/** Raw when the range holds at most `maxPoints` readings of the busiest field, else hours. */
export const resolutionByCount = (rawPoints: number, maxPoints: number): HistoryResolution =>
  rawPoints <= maxPoints ? 'raw' : 'hour'

/**
 * The local calendar day `instant` falls on in `timeZone` and that day's bounds: local midnight to
 * the next local midnight (23 hours on the spring daylight-saving day, 25 on the autumn one).
 */
export function localDayBucket(instant: Date, timeZone: string) {
  const day = localDayNumber(instant, timeZone)
  return {
    day: dateOfDayNumber(day),
    start: zonedInstant(day, 0, timeZone),
    end: zonedInstant(day + 1, 0, timeZone),
  }
}

/** The UTC hour `instant` falls in. */
export const hourBucket = (instant: Date) => new Date(Math.floor(instant.getTime() / HOUR) * HOUR)
