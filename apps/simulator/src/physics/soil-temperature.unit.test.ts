import { describe, expect, it } from 'vitest'
import { createRandom } from './random'
import { soilTemperature } from './soil-temperature'
import { createWeather, warsawClimate } from './weather'

const weather = createWeather({ latitude: 52.23, longitude: 21.01 }, warsawClimate, createRandom(3))
const hourMs = 3_600_000
const day = Date.parse('2026-06-15T00:00:00Z')
const hours = Array.from({ length: 96 }, (_, i) => new Date(day + i * 15 * 60_000))

function dailyProfile(temperatureAt: (at: Date) => number) {
  const values = hours.map(temperatureAt)
  const warmest = values.indexOf(Math.max(...values))
  return { range: Math.max(...values) - Math.min(...values), warmestAt: hours[warmest]!.getTime() }
}

describe('soil temperature', () => {
  const air = dailyProfile(weather.airTemperature)
  const at10 = dailyProfile((at) => soilTemperature(10, at, weather.temperatureParts))
  const at30 = dailyProfile((at) => soilTemperature(30, at, weather.temperatureParts))
  const at60 = dailyProfile((at) => soilTemperature(60, at, weather.temperatureParts))

  it('swings less the deeper it is', () => {
    expect(at10.range).toBeLessThan(air.range)
    expect(at30.range).toBeLessThan(at10.range)
    expect(at60.range).toBeLessThan(at30.range)
    expect(at60.range).toBeLessThan(air.range / 5)
  })

  it('peaks later than the air', () => {
    expect(at10.warmestAt - air.warmestAt).toBeGreaterThan(2 * hourMs)
  })

  it('lags the season: deep soil is cooler than the air mean in spring and warmer in autumn', () => {
    const dailyAirMean = (iso: string) => {
      const start = Date.parse(iso)
      return (
        Array.from({ length: 24 }, (_, h) => weather.airTemperature(new Date(start + h * hourMs))).reduce(
          (a, b) => a + b,
        ) / 24
      )
    }
    expect(soilTemperature(60, new Date('2026-04-15T12:00:00Z'), weather.temperatureParts)).toBeLessThan(
      dailyAirMean('2026-04-15T00:00:00Z') + 1,
    )
    expect(soilTemperature(60, new Date('2026-10-15T12:00:00Z'), weather.temperatureParts)).toBeGreaterThan(
      dailyAirMean('2026-10-15T00:00:00Z') - 1,
    )
  })
})
