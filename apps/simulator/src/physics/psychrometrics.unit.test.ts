import { describe, expect, it } from 'vitest'
import {
  absoluteHumidity,
  dewPoint,
  humidityDeficit,
  relativeHumidityFromDewPoint,
  saturationVapourPressure,
  vapourPressureDeficit,
  wetBulbTemperature,
} from './psychrometrics'

describe('psychrometrics', () => {
  it('matches reference values', () => {
    expect(saturationVapourPressure(20)).toBeCloseTo(2.338, 2)
    expect(saturationVapourPressure(0)).toBeCloseTo(0.611, 3)
    expect(dewPoint(20, 50)).toBeCloseTo(9.3, 1)
    // Stull (2011), worked example: 20 °C and 50 % give a wet bulb of 13.7 °C.
    expect(wetBulbTemperature(20, 50)).toBeCloseTo(13.7, 1)
    expect(vapourPressureDeficit(25, 60)).toBeCloseTo(1.267, 2)
    // Saturated air at 20 °C holds about 17.3 g/m³ of water.
    expect(Math.abs(absoluteHumidity(20, saturationVapourPressure(20)) - 17.3)).toBeLessThan(0.1)
    expect(humidityDeficit(20, 50)).toBeCloseTo(8.64, 1)
  })

  it('orders dew point <= wet bulb <= air temperature for any air', () => {
    for (let temperature = -20; temperature <= 45; temperature += 2.5) {
      for (let humidity = 5; humidity <= 100; humidity += 5) {
        const dew = dewPoint(temperature, humidity)
        const wet = wetBulbTemperature(temperature, humidity)
        expect(dew).toBeLessThanOrEqual(wet)
        expect(wet).toBeLessThanOrEqual(temperature)
        expect(vapourPressureDeficit(temperature, humidity)).toBeGreaterThanOrEqual(0)
        expect(humidityDeficit(temperature, humidity)).toBeGreaterThanOrEqual(0)
      }
    }
  })

  it('has no deficit in saturated air, where dew point equals the air temperature', () => {
    expect(dewPoint(12, 100)).toBeCloseTo(12, 6)
    expect(vapourPressureDeficit(12, 100)).toBeCloseTo(0, 10)
    expect(humidityDeficit(12, 100)).toBeCloseTo(0, 10)
  })

  it('inverts: the humidity of air at its own dew point comes back', () => {
    expect(relativeHumidityFromDewPoint(18, dewPoint(18, 63))).toBeCloseTo(63, 6)
  })
})
