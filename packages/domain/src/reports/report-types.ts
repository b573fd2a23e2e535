import { z } from 'zod'

/**
 * The report generators of spec 02 section 9, by their wire name. `series` reports are time
 * series of module fields (chart plus tables); `irrigation` and `schedule` have their own result
 * shapes (spec 02 sections 3.7 and 3.8).
 */
export const reportTypes = [
  'schedule',
  'temperature',
  'humidity',
  'delta_humidity',
  'ecw',
  'mci',
  'irrigation',
  'dew_point',
  'wet_bulb_temperature',
  'air_humidity_deficit',
  'air_vapour_pressure_deficit',
  'vpd_infection_risk',
  'epsilon',
  'sigma',
  'pwi',
  'complex',
  'multiple_complex',
  'rainfall',
  'water_usage',
] as const
export type ReportType = (typeof reportTypes)[number]
export const reportTypeSchema = z.enum(reportTypes)

export const isReportType = (type: string): type is ReportType =>
  (reportTypes as readonly string[]).includes(type)

/** The result shape each type answers with. */
export type ReportKind = 'series' | 'irrigation' | 'schedule'
export const reportKindOf = (type: ReportType): ReportKind =>
  type === 'irrigation' ? 'irrigation' : type === 'schedule' ? 'schedule' : 'series'

/** The width of one row of a series report (spec 01 section 9: minute, hour, day). */
export const reportGroupings = ['minute', 'hour', 'day'] as const
export const reportGroupingSchema = z.enum(reportGroupings)
export type ReportGrouping = z.infer<typeof reportGroupingSchema>

/** `raw`: one value per field and row; `daily`: average, minimum and maximum per local day. */
export const reportStatisticsSchema = z.enum(['raw', 'daily'])
export type ReportStatistics = z.infer<typeof reportStatisticsSchema>

/** The delta report's comparator (spec 02 section 5): a source is shown when its delta is lower or greater. */
export const deltaComparatorSchema = z.enum(['lt', 'gt'])
export type DeltaComparator = z.infer<typeof deltaComparatorSchema>
