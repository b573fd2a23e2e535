import { z } from 'zod'
import { reportGroupingSchema, reportStatisticsSchema } from './report-types'

/** How a series is drawn (spec 02 section 9, chart rules). */
export const seriesDrawSchema = z.enum(['line', 'step', 'area', 'bar'])
export type SeriesDraw = z.infer<typeof seriesDrawSchema>

/**
 * One column of a series report. `values` is aligned with the result's `timestamps`; a previous
 * period's series holds the value of the same calendar position one period back.
 */
export const reportSeriesSchema = z.object({
  /** Unique within the result: `<id_object>:<field>[:<statistic>][:previous]`. */
  key: z.string(),
  id_object: z.number().int(),
  object_name: z.string(),
  field: z.string(),
  /** The module's custom label for the field, when it has one; otherwise the browser uses the catalogue's. */
  custom_label: z.string().nullable(),
  /** AM-100-103's level (4 minus the field's last digit); null elsewhere. */
  level: z.number().int().nullable(),
  /** The unit shown after values; custom, udometer and flow units applied. '' for none. */
  suffix: z.string(),
  decimals: z.number().int().min(0).max(6),
  draw: seriesDrawSchema,
  statistic: z.enum(['value', 'avg', 'min', 'max', 'sum']),
  period: z.enum(['current', 'previous']),
  values: z.array(z.number().nullable()),
})
export type ReportSeries = z.infer<typeof reportSeriesSchema>

/** One line of the delta table: a source's change over the range and whether it meets the comparator. */
export const reportDeltaSchema = z.object({
  key: z.string(),
  first: z.number().nullable(),
  last: z.number().nullable(),
  /** last minus first, rounded to 2 decimals, shown with '%'. */
  delta: z.number().nullable(),
  shown: z.boolean(),
})
export type ReportDelta = z.infer<typeof reportDeltaSchema>

/** A source the report could not use, named so the screen can say which. */
export const failedReportSourceSchema = z.object({
  id_object: z.number().int().nullable(),
  id_output: z.number().int().nullable(),
  name: z.string(),
  /** An i18n error key, e.g. 'errors.object_not_found'. */
  reason: z.string(),
})
export type FailedReportSource = z.infer<typeof failedReportSourceSchema>

const reportHeaderShape = {
  type: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  /** The farm's zone: day rows are its local days and the screen says so. */
  time_zone: z.string(),
  failed_sources: z.array(failedReportSourceSchema),
}

export const seriesReportSchema = z.object({
  kind: z.literal('series'),
  ...reportHeaderShape,
  grouping: reportGroupingSchema,
  statistics: reportStatisticsSchema,
  /** Row starts, epoch milliseconds, ascending; day rows start at local midnight. */
  timestamps: z.array(z.number().int()),
  series: z.array(reportSeriesSchema),
  /** The compared range when compare_previous was asked. */
  previous: z.object({ start_date: z.string(), end_date: z.string() }).nullable(),
  /** Delta reports only. */
  delta: z.array(reportDeltaSchema).nullable(),
})
export type SeriesReport = z.infer<typeof seriesReportSchema>

/** One planned or manual opening of an output in the range (spec 02 section 3.8). */
export const irrigationRunSchema = z.object({
  id_output: z.number().int(),
  id_schedule: z.number().int().nullable(),
  open_at: z.string(),
  /** Minutes. */
  duration: z.number(),
  /** m³: flow × duration / 60, 4 decimals; null without a flow. */
  water: z.number().nullable(),
  error: z.string().nullable(),
  fertigation: z.boolean(),
  fertigation_confirm_state: z.boolean().nullable(),
  confirmed_state: z.boolean().nullable(),
  manual: z.boolean(),
})
export type IrrigationRun = z.infer<typeof irrigationRunSchema>

export const irrigationOutputInfoSchema = z.object({
  id_output: z.number().int(),
  id_object: z.number().int(),
  field: z.string(),
  name: z.string(),
  /** m³/h, null when not set. */
  flow: z.number().nullable(),
  /** ha, null when not set. */
  area: z.number().nullable(),
  runs: z.number().int(),
  /** Minutes. */
  duration: z.number(),
  /** m³, 2 decimals. */
  water: z.number().nullable(),
  /** l/m² = mm over the area (area × 10000 m²), 4 decimals. */
  dosage: z.number().nullable(),
  /** m³ per day over the days of the range, 2 decimals. */
  daily_average: z.number().nullable(),
})
export type IrrigationOutputInfo = z.infer<typeof irrigationOutputInfoSchema>

export const irrigationScheduleInfoSchema = z.object({
  id_schedule: z.number().int(),
  name: z.string(),
  runs: z.number().int(),
  duration: z.number(),
  water: z.number().nullable(),
})
export type IrrigationScheduleInfo = z.infer<typeof irrigationScheduleInfoSchema>

/** POST /api/reports/irrigation and the irrigation type of /api/reports. */
export const irrigationReportSchema = z.object({
  kind: z.literal('irrigation'),
  ...reportHeaderShape,
  days: z.number().int(),
  outputs_info: z.array(irrigationOutputInfoSchema),
  schedules_info: z.array(irrigationScheduleInfoSchema),
  schedules_runs: z.array(irrigationRunSchema),
  /** m³, 2 decimals. */
  total_water: z.number().nullable(),
})
export type IrrigationReport = z.infer<typeof irrigationReportSchema>

/** One stacked panel of the schedule chart: an element (output) or a water source of the schedule. */
export const schedulePanelSchema = z.object({
  key: z.string(),
  kind: z.enum(['irrigation', 'other', 'clear_water', 'fertigation']),
  id_output: z.number().int().nullable(),
  id_object: z.number().int().nullable(),
  field: z.string().nullable(),
  name: z.string(),
  /** The state the module reported, as steps: [epoch ms, 1 on, 0 off, null unknown]. */
  states: z.array(z.tuple([z.number().int(), z.number().nullable()])),
  runs: z.array(
    z.object({
      open_at: z.string(),
      close_at: z.string(),
      error: z.string().nullable(),
      fertigation: z.boolean(),
      fertigation_confirm_state: z.boolean().nullable(),
      confirmed_state: z.boolean().nullable(),
    }),
  ),
})
export type SchedulePanel = z.infer<typeof schedulePanelSchema>

export const scheduleReportSchema = z.object({
  kind: z.literal('schedule'),
  ...reportHeaderShape,
  schedule: z.object({ id: z.number().int(), name: z.string() }),
  panels: z.array(schedulePanelSchema),
})
export type ScheduleReport = z.infer<typeof scheduleReportSchema>

/** The answer of POST /api/reports. */
export const reportAnswerSchema = z.discriminatedUnion('kind', [
  seriesReportSchema,
  irrigationReportSchema,
  scheduleReportSchema,
])
export type ReportAnswer = z.infer<typeof reportAnswerSchema>
