import { objectFixture } from '@kropla/domain/testing'
import { describe, expect, it } from 'vitest'
import { createI18n } from '../../lib/i18n'
import { alarmRowFixture } from '../../testing/fake-alarms'
import { type AlarmWordsContext, describeAlarm, formatAlarmValue } from './alarm-words'

function context(lang: 'en' | 'pl', temperatureUnit: 'C' | 'F' = 'C'): AlarmWordsContext {
  const i18n = createI18n(lang)
  return {
    t: i18n.t,
    lang,
    temperatureUnit,
    objects: [objectFixture({ id: 5, last_device_model: 'AM-100-103' })],
  }
}

describe('an alarm in words', () => {
  it('names the field, the comparison and the threshold with its unit', () => {
    const row = alarmRowFixture({ alarm_name: 'TEMP_2_gt', field: 'TEMP_2', threshold: 30, value: 31.26 })
    expect(describeAlarm(row, context('en'))).toBe('Temperature 2 higher than 30 °C')
    expect(formatAlarmValue(row, context('en'))).toBe('31.3 °C')
    expect(describeAlarm(row, context('pl'))).toBe('Temperatura 2: powyżej 30 °C')
  })

  it('shows temperatures in Fahrenheit to a user who reads them so', () => {
    const row = alarmRowFixture({ alarm_name: 'TEMP_1_lt', field: 'TEMP_1', threshold: 0, value: -1 })
    expect(describeAlarm(row, context('en', 'F'))).toBe('Temperature 1 lower than 32 °F')
    expect(formatAlarmValue(row, context('en', 'F'))).toBe('30.2 °F')
  })

  it('says a module sends nothing, and leaves an unknown alarm as it came', () => {
    const silent = alarmRowFixture({ alarm_name: 'no_data', field: null, threshold: null, value: null })
    expect(describeAlarm(silent, context('en'))).toBe('No data from the module')
    expect(formatAlarmValue(silent, context('en'))).toBe('')
    expect(describeAlarm(alarmRowFixture({ alarm_name: 'door_open' }), context('en'))).toBe('door_open')
  })
})
