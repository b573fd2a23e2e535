import { describe, expect, it } from 'vitest'
import {
  countedFieldOf,
  isAirStationModel,
  isAnemometerType,
  isRainGaugeType,
  localDayWindow,
  rainMillimetres,
  weatherSettingsSchema,
  windSpeedFromPulses,
  windSpeedUnitOf,
} from './weather'

describe('rain gauge conversion', () => {
  it('turns pulses into millimetres with the multiplier, rounded to 0.1 mm', () => {
    expect(rainMillimetres(37, { udo_units: 0, multiplier: 0.2 })).toBe(7.4)
    expect(rainMillimetres(3, { multiplier: 0.254 })).toBe(0.8)
  })
  it('reads l/m² as the same depth in millimetres', () => {
    expect(rainMillimetres(10, { udo_units: 1, multiplier: 0.5 })).toBe(5)
  })
  it('takes one millimetre a pulse when no multiplier is set', () => {
    expect(rainMillimetres(4, {})).toBe(4)
  })
  it('counts the running total of DI 3 and DI 4 in cnt3 and cnt4', () => {
    expect(countedFieldOf('DI_USR_3')).toBe('cnt3')
    expect(countedFieldOf('DI_USR_4')).toBe('cnt4')
    expect(countedFieldOf('ANALOG_USR_1')).toBe('ANALOG_USR_1')
  })
})

describe('wind', () => {
  it('gives the speed of pulses per second times the multiplier, in the chosen units', () => {
    expect(windSpeedFromPulses(150, 10, { multiplier: 0.667, anemo_speed_units: 0 })).toBe(10)
    expect(windSpeedUnitOf({ anemo_speed_units: 0 })).toBe('m/s')
    expect(windSpeedUnitOf({ anemo_speed_units: 1 })).toBe('km/h')
    expect(windSpeedFromPulses(5, 0, {})).toBeNull()
  })
})

describe('fitting stations', () => {
  it('offers only AM-200 for air, udometers for rain and anemometer speed inputs for wind', () => {
    expect(isAirStationModel('AM-200')).toBe(true)
    expect(isAirStationModel('AM-600')).toBe(false)
    expect(isRainGaugeType('udometer')).toBe(true)
    expect(isRainGaugeType('flowmeter')).toBe(false)
    expect(isAnemometerType('anemometer_speed_count')).toBe(true)
    expect(isAnemometerType('anemometer_direction_v')).toBe(false)
  })
  it('takes ids or null, nothing else', () => {
    expect(weatherSettingsSchema.parse({})).toEqual({
      air_object_id: null,
      rain_output_id: null,
      wind_output_id: null,
    })
    expect(weatherSettingsSchema.safeParse({ air_object_id: 'x' }).success).toBe(false)
    expect(weatherSettingsSchema.safeParse({ rain_output_id: -1 }).success).toBe(false)
  })
})

describe("the farm's day", () => {
  it('starts at local midnight of the farm, not of UTC', () => {
    // 23:30 UTC on 14 July is already 15 July in Warsaw (UTC+2).
    const { start, end } = localDayWindow(new Date('2026-07-14T23:30:00Z'), 'Europe/Warsaw')
    expect(start.toISOString()).toBe('2026-07-14T22:00:00.000Z')
    expect(end.toISOString()).toBe('2026-07-15T22:00:00.000Z')
  })
  it('lasts 23 hours on the spring change of clocks and 25 on the autumn one', () => {
    const spring = localDayWindow(new Date('2026-03-29T12:00:00Z'), 'Europe/Warsaw')
    expect(spring.start.toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3600_000)
    const autumn = localDayWindow(new Date('2026-10-25T12:00:00Z'), 'Europe/Warsaw')
    expect(autumn.start.toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3600_000)
  })
  it('reaches back whole local days for the last days of rain', () => {
    const { start } = localDayWindow(new Date('2026-03-30T08:00:00Z'), 'Europe/Warsaw', 6)
    // 24 March at midnight, still winter time (UTC+1).
    expect(start.toISOString()).toBe('2026-03-23T23:00:00.000Z')
  })
})
