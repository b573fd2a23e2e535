import { describe, expect, it } from 'vitest'
import { createRandom } from './random'
import { createWeather, diurnalShape, warsawClimate } from './weather'

const warsaw = { latitude: 52.23, longitude: 21.01 }
const hourMs = 3_600_000
const weather = createWeather(warsaw, warsawClimate, createRandom(7))

/** The UTC moment of a local solar hour on a given day at Warsaw. */
function atSolarHour(day: string, solarHour: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (solarHour - warsaw.longitude / 15) * hourMs)
}

const daysOfTheYear = Array.from({ length: 73 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i * 5)))
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

describe('diurnal shape', () => {
  it('is coldest at 05:00 and warmest at 15:00 solar time', () => {
    expect(diurnalShape(5)).toBeCloseTo(-1, 10)
    expect(diurnalShape(15)).toBeCloseTo(1, 10)
    for (let hour = 0; hour < 24; hour += 0.25) {
      expect(diurnalShape(hour)).toBeGreaterThanOrEqual(-1)
      expect(diurnalShape(hour)).toBeLessThanOrEqual(1)
    }
  })

  it('rises through the morning and falls through the evening and night without jumps', () => {
    for (let hour = 5; hour < 15; hour += 0.5)
      expect(diurnalShape(hour + 0.5)).toBeGreaterThan(diurnalShape(hour))
    for (let hour = 15; hour < 28.5; hour += 0.5) {
      expect(diurnalShape((hour + 0.5) % 24)).toBeLessThan(diurnalShape(hour % 24))
    }
    expect(Math.abs(diurnalShape(23.99) - diurnalShape(0))).toBeLessThan(0.01)
  })
})

describe('air temperature and humidity', () => {
  it('is warmer in the afternoon than before dawn on every day of the year', () => {
    for (const day of daysOfTheYear) {
      const preDawn = weather.airTemperature(atSolarHour(isoDay(day), 5))
      const afternoon = weather.airTemperature(atSolarHour(isoDay(day), 15))
      expect(afternoon - preDawn, isoDay(day)).toBeGreaterThan(3)
    }
  })

  it('is warmer in July than in January, around Warsaw normals', () => {
    const dailyMean = (day: string) =>
      Array.from({ length: 24 }, (_, h) => weather.airTemperature(atSolarHour(day, h))).reduce(
        (a, b) => a + b,
      ) / 24
    const july = dailyMean('2026-07-20')
    const january = dailyMean('2026-01-20')
    expect(july).toBeGreaterThan(14)
    expect(july).toBeLessThan(25)
    expect(january).toBeGreaterThan(-7)
    expect(january).toBeLessThan(3)
  })

  it('makes the air more humid before dawn than in the afternoon', () => {
    for (const day of daysOfTheYear) {
      const preDawn = weather.relativeHumidity(atSolarHour(isoDay(day), 5))
      const afternoon = weather.relativeHumidity(atSolarHour(isoDay(day), 15))
      expect(preDawn, isoDay(day)).toBeGreaterThan(afternoon + 10)
    }
  })

  it('keeps the dew point at or below the air temperature and humidity within 10-100 %', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3 * hourMs) {
      const at = new Date(t)
      expect(weather.dewPoint(at)).toBeLessThanOrEqual(weather.airTemperature(at))
      expect(weather.relativeHumidity(at)).toBeGreaterThanOrEqual(10)
      expect(weather.relativeHumidity(at)).toBeLessThanOrEqual(100)
    }
  })

  it('replays the same weather for the same seed, and other weather for another', () => {
    const at = new Date('2026-05-01T12:00:00Z')
    const again = createWeather(warsaw, warsawClimate, createRandom(7))
    const other = createWeather(warsaw, warsawClimate, createRandom(8))
    expect(again.airTemperature(at)).toBe(weather.airTemperature(at))
    expect(other.airTemperature(at)).not.toBe(weather.airTemperature(at))
  })
})
