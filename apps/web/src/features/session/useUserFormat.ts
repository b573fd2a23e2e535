import type { InputField } from '@kropla/domain'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../lib/format-date'
import { formatValue } from '../../lib/format-value'
import { useSession } from './useSession'

/** Readings and moments formatted by the logged-in user's settings: units, date format, time zone, language. */
export function useUserFormat() {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const words = { on: t('outputs.on'), off: t('outputs.off'), unknown: t('outputs.unknown') }
  return {
    value: (input: InputField | undefined, value: number | null) =>
      formatValue(input, value, { lang: i18n.language, temperatureUnit: user.temperature_unit, words }),
    dateTime: (iso: string) => formatDateTime(iso, user.date_format, user.time_zone),
  }
}
