import type { AlarmRow } from '@kropla/domain'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../lib/format-date'
import { useSession } from '../session/use-session'
import { type AlarmWordsContext, describeAlarm, formatAlarmValue, formatThreshold } from './alarm-words'

export interface AlarmWords {
  describe: (row: AlarmRow) => string
  value: (row: AlarmRow) => string
  threshold: (row: AlarmRow) => string
  /** A stored UTC moment in the user's time zone and date format. */
  date: (iso: string | null) => string
}

/** The alarm in the session user's words: language, temperature unit, time zone and date format. */
export function useAlarmWords(): AlarmWords {
  const { t, i18n } = useTranslation()
  const { user, objects } = useSession()
  const lang = i18n.language
  return useMemo(() => {
    const context: AlarmWordsContext = {
      t,
      lang,
      temperatureUnit: user.temperature_unit === 'F' ? 'F' : 'C',
      objects,
    }
    // Sorting and searching ask for the same row's words many times; a replaced row is a new object.
    const cache = new WeakMap<AlarmRow, string>()
    return {
      describe: (row) => {
        const known = cache.get(row)
        if (known !== undefined) return known
        const words = describeAlarm(row, context)
        cache.set(row, words)
        return words
      },
      value: (row) => formatAlarmValue(row, context),
      threshold: (row) => formatThreshold(row, context),
      date: (iso) => (iso ? formatDateTime(iso, user.date_format, user.time_zone) : ''),
    }
  }, [t, lang, user.temperature_unit, user.date_format, user.time_zone, objects])
}
