import { z } from 'zod'
import { dateOutOfRangeError, isYearInRange } from '../input/dates'
import { singleLineText } from '../input/text'
import { comparePeriods } from './report-calc'
import { deltaComparatorSchema, reportGroupingSchema, reportStatisticsSchema } from './report-types'

/** At most this many sources (module fields or outputs) in one report. Stated on the creator screen. */
export const maxReportSources = 40
/** The longest range one report may cover: a little over a year, so "this year against the last" fits. */
export const maxReportRangeDays = 400

/** An instant with an offset in the app's years (year 0 is refused by PostgreSQL and is a slip). */
const isoInstant = z.iso
  .datetime({ offset: true, error: 'errors.report_bad_range', abort: true })
  .refine(isYearInRange, { error: dateOutOfRangeError })

/**
 * One source of a report (spec 02 section 3.7): a module (`id`) with one field or several, or an
 * output (`id_output`). The schedule report's source names the schedule instead; its elements and
 * water sources are looked up on the server, not trusted from the request.
 */
export const reportSourceSchema = z.object({
  id: z.number().int().positive().optional(),
  field: singleLineText().min(1).max(64).optional(),
  fields: z.array(singleLineText().min(1).max(64)).max(64).optional(),
  id_output: z.number().int().positive().optional(),
  deviceKind: singleLineText().max(64).optional(),
  name: singleLineText().max(128).optional(),
  schedule: z
    .object({ id: z.number().int().positive(), name: singleLineText().max(128).optional() })
    .optional(),
})
export type ReportSource = z.infer<typeof reportSourceSchema>

/**
 * POST /api/reports and /api/reports/export. `type` is any string so that an unknown one gets
 * 'No report {type}' rather than a schema error; `sources` may be empty so that it gets 'Incorrect
 * report data' (spec 02 section 8). Dates are instants (UTC or any offset); day rows are the farm's
 * local days.
 */
export const reportRequestSchema = z.object({
  type: singleLineText().min(1).max(64),
  sources: z.array(reportSourceSchema).max(maxReportSources, { error: 'errors.report_too_many_sources' }),
  start_date: isoInstant,
  end_date: isoInstant,
  grouping: reportGroupingSchema.default('hour'),
  statistics: reportStatisticsSchema.default('raw'),
  /** MCI: one aggregate series (average of the chosen fields) instead of one per field. */
  aggregate: z.boolean().default(false),
  delta_comparator: deltaComparatorSchema.optional(),
  /** Empty (absent): every source is shown. */
  delta_value: z.number().finite().optional(),
  /** Draw the same range shifted back by the previous calendar period beside it. */
  compare_previous: z.boolean().default(false),
  /**
   * Which calendar period back compare_previous draws (previous day, week, month or year, aligned
   * by the farm's calendar). Absent: the shortest period the range fits in (comparePeriodFor).
   */
  compare_period: z.enum(comparePeriods).optional(),
})
export type ReportRequest = z.input<typeof reportRequestSchema>
export type ParsedReportRequest = z.output<typeof reportRequestSchema>

/**
 * Why a report's dates cannot be used, as an i18n error key, or null (spec 01 section 5: start
 * not after end, neither in the future; at most `maxReportRangeDays`). Checked in the browser
 * before sending and on the server before reading.
 */
export function reportRangeProblem(
  request: { start_date: string; end_date: string },
  now: Date,
): string | null {
  const start = Date.parse(request.start_date)
  const end = Date.parse(request.end_date)
  if (Number.isNaN(start) || Number.isNaN(end)) return 'errors.report_bad_range'
  if (start > end) return 'errors.report_start_after_end'
  if (start > now.getTime() || end > now.getTime() + 60_000) return 'errors.report_in_future'
  if (end - start > maxReportRangeDays * 86_400_000) return 'errors.report_range_too_long'
  return null
}
