import { findInput, findModel, type ObjectConfig } from '@kropla/domain'
import type { i18n as I18n } from 'i18next'
import { translateKey } from '../../lib/translate-key'
import type { ChartSeries } from './chart-option'

/** A module's field as a chart series: the user's label and units when the module config gives them. */
export function historySeries(i18n: I18n, model: string, field: string, config?: ObjectConfig): ChartSeries {
  const found = findModel(model)
  const catalogueInput = found && findInput(found, field)
  const own = config?.inputs[field]
  const input =
    catalogueInput && own?.custom_units ? { ...catalogueInput, unit: own.custom_units } : catalogueInput
  return { field, input, label: own?.custom_label || translateKey(i18n, `fields.${field}`, field) }
}
