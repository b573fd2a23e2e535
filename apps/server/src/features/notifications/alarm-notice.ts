import {
  defaultDateFormat,
  findInput,
  findModel,
  inUserUnit,
  moduleDataDelayMinutes,
  noDataAlarmName,
  parseAlarmKey,
  type TemperatureUnit,
  zoneOffsetMs,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'

/** What a notification says about one alarm activation. */
export interface AlarmNotice {
  idAlarm: number
  objectName: string
  objectSerial: string
  /** The module's model code, for the field's unit and decimals. */
  model: string
  /** The module's own label of the field (AM-600 inputs), when it has one. */
  fieldLabel: string | null
  alarmName: string
  field: string | null
  threshold: number | null
  value: number | null
  activationDate: Date
}

/** One notification in one language: the mail's subject and text, the SMS, the push's title and body. */
export interface AlarmMessage {
  subject: string
  text: string
  sms: string
  push: { title: string; body: string; url: string; tag: string }
}

/** Who reads a notification, as far as its wording goes: language, zone, temperature unit, date format. */
export interface AlarmReader {
  lang: Lang
  timeZone: string | null
  temperatureUnit: TemperatureUnit
  /** One of the profile's date formats (`YYYY-MM-DD HH:mm:ss`, `MM/DD/YYYY hh:mm A`, ...). */
  dateFormat: string
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** The wall-clock reading of `date` in `zone` (throws RangeError for a zone Intl does not know). */
function wallClock(date: Date, zone: string): Date {
  return new Date(date.getTime() + zoneOffsetMs(date.getTime(), zone))
}

/**
 * A moment in the user's date format (the profile's tokens YYYY MM DD HH hh mm ss A) and time
 * zone, the zone named after it; UTC when they have none or it is unknown.
 */
export function formatInZone(date: Date, timeZone: string | null, format = defaultDateFormat): string {
  let zone = timeZone ?? 'UTC'
  let wall: Date
  try {
    wall = wallClock(date, zone)
  } catch {
    zone = 'UTC'
    wall = date
  }
  const hour = wall.getUTCHours()
  const tokens: Record<string, string> = {
    YYYY: String(wall.getUTCFullYear()),
    MM: twoDigits(wall.getUTCMonth() + 1),
    DD: twoDigits(wall.getUTCDate()),
    HH: twoDigits(hour),
    hh: twoDigits(((hour + 11) % 12) + 1),
    mm: twoDigits(wall.getUTCMinutes()),
    ss: twoDigits(wall.getUTCSeconds()),
    A: hour < 12 ? 'AM' : 'PM',
  }
  return `${format.replace(/YYYY|MM|DD|HH|hh|mm|ss|A/g, (token) => tokens[token] ?? token)} (${zone})`
}

function formatValue(
  lang: Lang,
  value: number,
  decimals: number,
  storedUnit: string,
  temperatureUnit: TemperatureUnit,
): string {
  const { amount, unit } = inUserUnit(value, storedUnit, temperatureUnit)
  const number = amount.toLocaleString(lang === 'pl' ? 'pl-PL' : 'en-GB', {
    maximumFractionDigits: decimals,
    useGrouping: false,
  })
  return unit ? `${number} ${unit}` : number
}

/** The sentence naming what happened: the field, its value and the threshold, or the silence. */
export function describeAlarm(
  lang: Lang,
  notice: AlarmNotice,
  temperatureUnit: TemperatureUnit = 'C',
): string {
  if (notice.alarmName === noDataAlarmName)
    return translate(lang, 'notifications.alarm_no_data', { minutes: moduleDataDelayMinutes })
  const key = parseAlarmKey(notice.alarmName)
  const field = notice.field ?? key?.field ?? notice.alarmName
  const model = findModel(notice.model)
  const input = model ? findInput(model, field) : undefined
  const decimals = input?.decimals ?? 2
  const unit = input?.unit ?? ''
  const labelKey = `fields.${field}`
  const translated = translate(lang, labelKey)
  const label = notice.fieldLabel || (translated === labelKey ? field : translated)
  const params = {
    field: label,
    value: notice.value === null ? '—' : formatValue(lang, notice.value, decimals, unit, temperatureUnit),
    threshold:
      notice.threshold === null ? '—' : formatValue(lang, notice.threshold, decimals, unit, temperatureUnit),
  }
  return translate(
    lang,
    key?.comparator === 'gt' ? 'notifications.alarm_gt' : 'notifications.alarm_lt',
    params,
  )
}

/**
 * The notification of one alarm activation in the user's language, time zone, date format and
 * temperature unit, with the link to /alarms.
 */
export function alarmMessage(reader: AlarmReader, notice: AlarmNotice, origin: string): AlarmMessage {
  const { lang } = reader
  const link = `${origin.replace(/\/+$/, '')}/#/alarms`
  const description = describeAlarm(lang, notice, reader.temperatureUnit)
  const params = {
    module: notice.objectName || notice.objectSerial,
    serial: notice.objectSerial,
    time: formatInZone(notice.activationDate, reader.timeZone, reader.dateFormat),
    description,
    link,
  }
  return {
    subject: translate(lang, 'notifications.alarm_subject', params),
    text: `${translate(lang, 'notifications.alarm_text', params)}\n\n--\n${translate(lang, 'mail.signature')}\n`,
    sms: translate(lang, 'notifications.alarm_sms', params),
    push: {
      title: translate(lang, 'notifications.alarm_push_title', params),
      body: description,
      url: link,
      tag: `alarm-${notice.idAlarm}`,
    },
  }
}
