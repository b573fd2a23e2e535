import type { AlarmRow, MeResponse } from '@kropla/domain'
import { useTranslation } from 'react-i18next'
import { describeAlarm, formatAlarmValue } from './alarm-words'

/** The notification's title: which module (rendered inside the notifications area, so in the current language). */
export function AlarmNoticeTitle({ row }: { row: AlarmRow }) {
  const { t } = useTranslation()
  return <span data-testid="alarm-notice">{t('alarms.notice_title', { module: row.object_name })}</span>
}

/** What was crossed and the value that crossed it ("Soil moisture 1 lower than 20 %, value 18.2 %"). */
export function AlarmNotice({ row, me }: { row: AlarmRow; me: MeResponse | null }) {
  const { t, i18n } = useTranslation()
  const context = {
    t,
    lang: i18n.language,
    temperatureUnit: me?.user.temperature_unit === 'F' ? ('F' as const) : ('C' as const),
    objects: me?.objects ?? [],
  }
  const name = describeAlarm(row, context)
  const value = formatAlarmValue(row, context)
  return <>{value ? t('alarms.notice_text', { name, value }) : name}</>
}
