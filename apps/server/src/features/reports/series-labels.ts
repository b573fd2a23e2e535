import { translate } from '@kropla/i18n'
import type { ReportContext } from './report-generator'
import type { Column, PlannedField } from './series-plan'

/** A series' key in the result, and the labels a column carries (the aggregate's, the CSV header's). */
export const seriesKey = (column: Column) =>
  `${column.aggregate ? 'aggregate' : `${column.field.idObject}:${column.field.info.field}`}${
    column.statistic === 'value' || column.statistic === 'sum' ? '' : `:${column.statistic}`
  }${column.period === 'previous' ? ':previous' : ''}`

/** The aggregate series' label: how many fields it averages. */
export const aggregateLabel = (context: ReportContext, fields: readonly PlannedField[]) =>
  translate(context.lang, 'report_csv.aggregate', { count: fields.length })

/** The CSV header of a column: module, field (its custom label or the catalogue's), level, unit, statistic. */
export function columnLabel(context: ReportContext, column: Column): string {
  const info = column.field.info
  if (column.aggregate) {
    let label = `${aggregateLabel(context, column.aggregate)} [${info.suffix}]`
    if (column.statistic !== 'value')
      label += ` (${translate(context.lang, `report_csv.${column.statistic}`)})`
    if (column.period === 'previous') label += ` (${translate(context.lang, 'report_csv.previous')})`
    return label
  }
  const parts = [
    column.field.objectName,
    info.custom_label || translate(context.lang, `fields.${info.field}`),
  ]
  if (info.level !== null) parts.push(`${translate(context.lang, 'report_csv.level')} ${info.level}`)
  let label = parts.filter(Boolean).join(' ')
  if (info.suffix) label += ` [${info.suffix}]`
  if (column.statistic !== 'value') label += ` (${translate(context.lang, `report_csv.${column.statistic}`)})`
  if (column.period === 'previous') label += ` (${translate(context.lang, 'report_csv.previous')})`
  return label
}
