import { describe, expect, it } from 'vitest'
import { type AlarmNotice, alarmMessage } from './alarm-notice'

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

describe('an alarm notification', () => {
  it('gives a temperature and its threshold in the unit the user reads: °F when they chose Fahrenheit', () => {
    const fahrenheit = alarmMessage('en', 'UTC', greenhouse, 'https://kropla.example', 'F')
    expect(fahrenheit.push.body).toBe('Temperature 1 is 88.7 °F, above the threshold of 86 °F')
    expect(fahrenheit.sms).toContain('88.7 °F')
    const celsius = alarmMessage('pl', 'UTC', greenhouse, 'https://kropla.example', 'C')
    expect(celsius.push.body).toContain('31,5 °C')
    expect(celsius.push.body).toContain('30 °C')
  })
})
