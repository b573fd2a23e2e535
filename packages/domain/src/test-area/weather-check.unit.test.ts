import { describe, expect, it } from 'vitest'
import {
  checkWeatherReading,
  countStatuses,
  isImplausible,
  plausibleRangeIn,
  plausibleRanges,
  quantityOfCustomUnit,
  stuckSince,
  type TimedValue,
  weatherEquipmentQuantities,
  weatherQuantities,
} from './weather-check'

const start = Date.parse('2026-07-01T06:00:00Z')
/** A reading every `minutes` from 06:00 UTC, one per value. */
const series = (values: (number | null)[], minutes = 15): TimedValue[] =>
  values.map((value, index) => ({ ts: new Date(start + index * minutes * 60_000), value }))

describe('plausible ranges', () => {
  it('has a range for every quantity, lower bound below the upper', () => {
    for (const quantity of weatherQuantities) {
      const range = plausibleRanges[quantity]
      expect(range.min).toBeLessThan(range.max)
      expect(range.unit).not.toBe('')
    }
  })
  it('accepts a summer day and a winter night, refuses a broken thermometer', () => {
    expect(isImplausible('air_temperature', 34.5, '°C')).toBe(false)
    expect(isImplausible('air_temperature', -21, '°C')).toBe(false)
    expect(isImplausible('air_temperature', -127, '°C')).toBe(true)
    expect(isImplausible('air_temperature', 85, '°C')).toBe(true)
  })
  it('takes humidity up to 100 % and never 0 % (a dead sensor)', () => {
    expect(isImplausible('air_humidity', 100, '%')).toBe(false)
    expect(isImplausible('air_humidity', 0, '%')).toBe(true)
    expect(isImplausible('air_humidity', 104, '%')).toBe(true)
  })
  it('reads a wind speed in km/h against the same range', () => {
    expect(plausibleRangeIn('wind_speed', 'km/h')).toEqual({ min: 0, max: 216 })
    expect(isImplausible('wind_speed', 150, 'km/h')).toBe(false)
    expect(isImplausible('wind_speed', 150, 'm/s')).toBe(true)
    expect(isImplausible('wind_speed', -1, 'm/s')).toBe(true)
  })
  it('reads pressure in hPa, mbar or kPa; a unit the quantity has not is implausible', () => {
    expect(isImplausible('pressure', 1013.2, 'hPa')).toBe(false)
    expect(isImplausible('pressure', 101.3, 'kPa')).toBe(false)
    expect(isImplausible('pressure', 0, 'hPa')).toBe(true)
    expect(plausibleRangeIn('pressure', 'V')).toBeNull()
    expect(isImplausible('pressure', 1000, 'V')).toBe(true)
  })
  it('catches radiation above the solar constant and a day of 500 mm rain', () => {
    expect(isImplausible('radiation', 950, 'W/m²')).toBe(false)
    expect(isImplausible('radiation', 2500, 'W/m²')).toBe(true)
    expect(isImplausible('rain_day', 42, 'mm')).toBe(false)
    expect(isImplausible('rain_day', 500, 'mm')).toBe(true)
  })
  it('knows the weather instruments among the AM-600 inputs', () => {
    expect(weatherEquipmentQuantities.udometer).toBe('rain_day')
    expect(weatherEquipmentQuantities.anemometer_speed_count).toBe('wind_speed')
    expect(weatherEquipmentQuantities.anemometer_direction_v).toBe('wind_direction')
    expect(weatherEquipmentQuantities.flowmeter).toBeUndefined()
    expect(quantityOfCustomUnit(' hPa ')).toBe('pressure')
    expect(quantityOfCustomUnit('W/m2')).toBe('radiation')
    expect(quantityOfCustomUnit('bar')).toBeNull()
  })
})

describe('stuck readings', () => {
  const rule = plausibleRanges.air_temperature.stuck!

  it('flags a value unchanged over the 3-hour window, since its first unchanged reading', () => {
    const readings = series([18.2, ...Array<number>(13).fill(18.4)])
    expect(stuckSince(readings, rule, 1)).toEqual(readings[1]!.ts)
  })
  it('does not flag a value that moved within the window', () => {
    expect(stuckSince(series([...Array<number>(12).fill(18.4), 18.5]), rule, 1)).toBeNull()
  })
  it('ignores noise below the sensor resolution', () => {
    const noisy = series(Array.from({ length: 13 }, (_, index) => 18.4 + (index % 2) * 0.01))
    expect(stuckSince(noisy, rule, 1)).not.toBeNull()
    expect(stuckSince(noisy, rule, 2)).toBeNull()
  })
  it('needs enough readings covering half the window', () => {
    // Five readings over an hour: too few to tell.
    expect(stuckSince(series(Array<number>(5).fill(20)), rule, 1)).toBeNull()
    // Twelve readings a minute apart: only 11 minutes of a 3-hour window.
    expect(stuckSince(series(Array<number>(12).fill(20), 1), rule, 1)).toBeNull()
    expect(stuckSince([], rule)).toBeNull()
  })
  it('takes the readings in any order', () => {
    const readings = series(Array<number>(13).fill(7)).reverse()
    expect(stuckSince(readings, rule, 1)).toEqual(new Date(start))
  })
  it('lets fog hold 100 % and a night hold 0 W/m²', () => {
    const humidity = plausibleRanges.air_humidity.stuck!
    expect(stuckSince(series(Array<number>(13).fill(100)), humidity, 1)).toBeNull()
    expect(stuckSince(series(Array<number>(13).fill(87)), humidity, 1)).not.toBeNull()
    const radiation = plausibleRanges.radiation.stuck!
    expect(stuckSince(series(Array<number>(13).fill(0)), radiation, 0)).toBeNull()
  })
  it('never flags a calm or a dry day', () => {
    expect(plausibleRanges.wind_speed.stuck).toBeNull()
    expect(plausibleRanges.rain_day.stuck).toBeNull()
  })
})

describe('one reading checked', () => {
  const still = series(Array<number>(13).fill(21.3))
  it('says no data, implausible, stuck or ok, in that order of precedence', () => {
    expect(
      checkWeatherReading({ quantity: 'air_temperature', value: null, unit: '°C', readings: [] }),
    ).toEqual({
      status: 'no_data',
      stuck_since: null,
    })
    const broken = series(Array<number>(13).fill(-127))
    expect(
      checkWeatherReading({ quantity: 'air_temperature', value: -127, unit: '°C', readings: broken }).status,
    ).toBe('implausible')
    expect(
      checkWeatherReading({
        quantity: 'air_temperature',
        value: 21.3,
        unit: '°C',
        readings: still,
        decimals: 1,
      }),
    ).toEqual({ status: 'stuck', stuck_since: new Date(start) })
    expect(
      checkWeatherReading({
        quantity: 'air_temperature',
        value: 21.3,
        unit: '°C',
        readings: still.slice(0, 3),
      }).status,
    ).toBe('ok')
  })
  it('counts each status', () => {
    expect(countStatuses([{ status: 'ok' }, { status: 'stuck' }, { status: 'ok' }])).toEqual({
      ok: 2,
      implausible: 0,
      stuck: 1,
      no_data: 0,
    })
  })
})
