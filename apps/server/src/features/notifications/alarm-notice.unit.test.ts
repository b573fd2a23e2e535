import { describe, expect, it } from 'vitest'
import { type AlarmNotice, type AlarmReader, alarmMessage } from './alarm-notice'

const greenhouse: AlarmNotice = {
  idAlarm: 7,
  objectName: 'Greenhouse',
  objectSerial: 'AM100101-0007',
  model: 'AM-100-101',
  fieldLabel: null,
  alarmName: 'TEMP_1_gt',
  field: 'TEMP_1',
  threshold: 30,
  value: 31.5,
  activationDate: new Date('2026-07-01T10:00:00Z'),
}
const origin = 'https://kropla.example'
const reader: AlarmReader = {
  lang: 'en',
  timeZone: 'UTC',
  temperatureUnit: 'C',
  dateFormat: 'YYYY-MM-DD HH:mm:ss',
}

describe('an alarm notification', () => {
  it('gives a temperature and its threshold in the unit the user reads: °F when they chose Fahrenheit', () => {
    const fahrenheit = alarmMessage({ ...reader, temperatureUnit: 'F' }, greenhouse, origin)
    expect(fahrenheit.push.body).toBe('Temperature 1 is 88.7 °F, above the threshold of 86 °F')
    expect(fahrenheit.sms).toContain('88.7 °F')
    const celsius = alarmMessage({ ...reader, lang: 'pl' }, greenhouse, origin)
    expect(celsius.push.body).toContain('31,5 °C')
    expect(celsius.push.body).toContain('30 °C')
  })

  it('gives the activation time in the user’s date format and time zone', () => {
    const american = { ...reader, timeZone: 'America/New_York', dateFormat: 'MM/DD/YYYY hh:mm A' }
    expect(alarmMessage(american, greenhouse, origin).text).toContain(
      'raised an alarm at 07/01/2026 06:00 AM (America/New_York)',
    )
    const polish = { ...reader, timeZone: 'Europe/Warsaw', dateFormat: 'DD.MM.YYYY HH:mm:ss' }
    expect(alarmMessage(polish, greenhouse, origin).text).toContain('at 01.07.2026 12:00:00 (Europe/Warsaw)')
    const afternoon = { ...greenhouse, activationDate: new Date('2026-07-01T22:30:00Z') }
    expect(alarmMessage({ ...american, timeZone: null }, afternoon, origin).text).toContain(
      'at 07/01/2026 10:30 PM (UTC)',
    )
    expect(alarmMessage({ ...polish, timeZone: 'Mars/Olympus_Mons' }, greenhouse, origin).text).toContain(
      'at 01.07.2026 10:00:00 (UTC)',
    )
  })
})
