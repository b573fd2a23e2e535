import type { ReportSeries } from '@kropla/domain'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../session/use-session'
import type { ReportChartFormat, SeriesName } from './report-chart-option'
import { zonedFormatter } from './zoned-format'

/** The date part of a user's date format (`DD.MM.YYYY HH:mm` gives `DD.MM.YYYY`). */
export const datePart = (dateFormat: string) => dateFormat.split(' ')[0] ?? 'YYYY-MM-DD'
/** The user's format without seconds: report rows start on whole minutes. */
export const minutesOf = (dateFormat: string) => dateFormat.replace(/:ss$/, '')

/**
 * A report's times in the user's date format and the farm's zone (the zone the report's days are
 * counted in), its values in the user's temperature unit, and the words naming each series.
 */
export function useReportFormat(zone: string): { format: ReportChartFormat; nameOf: SeriesName } {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  return useMemo(() => {
    const format: ReportChartFormat = {
      lang: i18n.language,
      temperatureUnit: user.temperature_unit,
      dateTime: zonedFormatter(minutesOf(user.date_format), zone),
      date: zonedFormatter(datePart(user.date_format), zone),
    }
    const nameOf = (series: ReportSeries) => {
      const field = series.custom_label || t(`fields.${series.field}`, { defaultValue: series.field })
      const parts = [`${series.object_name}: ${field}`]
      if (series.level !== null) parts.push(t('reports.level', { level: series.level }))
      if (series.statistic !== 'value') parts.push(t(`reports.statistic.${series.statistic}`))
      if (series.period === 'previous') parts.push(t('reports.previous'))
      return parts.join(' · ')
    }
    return { format, nameOf }
  }, [i18n.language, user.temperature_unit, user.date_format, zone, t])
}

/** A byte count for people: 950 B, 12.4 kB, 3.1 MB. */
export function formatSize(bytes: number, lang: string) {
  const number = (value: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value)
  if (bytes < 1000) return `${bytes} B`
  if (bytes < 1_000_000) return `${number(bytes / 1000)} kB`
  return `${number(bytes / 1_000_000)} MB`
}
