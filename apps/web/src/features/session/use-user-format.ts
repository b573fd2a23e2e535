import type { InputField } from '@kropla/domain'
import { useTranslation } from 'react-i18next'
import { formatArea } from '../../lib/format-area'
import { formatDateTime } from '../../lib/format-date'
import { formatValue } from '../../lib/format-value'
import { useSession } from './use-session'

/**
 * Readings, areas and moments formatted by the logged-in user's preferences (date format, time
 * zone, temperature and area units) and language. Every screen that shows one goes through here,
 * so a change of preferences shows everywhere at once.
 */
export function useUserFormat() {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const words = { on: t('outputs.on'), off: t('outputs.off'), unknown: t('outputs.unknown') }
  return {
    value: (input: InputField | undefined, value: number | null) =>
      formatValue(input, value, { lang: i18n.language, temperatureUnit: user.temperature_unit, words }),
    dateTime: (iso: string) => formatDateTime(iso, user.date_format, user.time_zone),
    /** A quantity with its unit in the user's language ("1,5 m³/h" in Polish), at most `decimals` decimals. */
    quantity: (amount: number, unit: string, decimals = 2) =>
      `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: decimals }).format(amount)} ${unit}`,
    area: (squareMetres: number | null) =>
      formatArea(squareMetres, user.area_unit, i18n.language, words.unknown),
  }
}
