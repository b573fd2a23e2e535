import { relativeHumidityFromDewPoint } from './psychrometrics'
import type { Random } from './random'
import { type Site, solarHour } from './sun'

const dayMs = 86_400_000

export interface Climate {
  /** °C, the year's mean air temperature. */
  annualMean: number
  /** °C, half the difference between the warmest and the coldest month. */
  annualAmplitude: number
  /** Day of the year (1-365) when the seasonal curve peaks. */
  warmestDay: number
  /** °C, half the day-night range in midsummer and in midwinter. */
  diurnalHalfRangeSummer: number
  diurnalHalfRangeWinter: number
}

/** Central Poland: about -2 °C in January, 19 °C in July, wider day-night swings in summer. */
export const warsawClimate: Climate = {
  annualMean: 8.5,
  annualAmplitude: 10.5,
  warmestDay: 200,
  diurnalHalfRangeSummer: 5.5,
  diurnalHalfRangeWinter: 2.5,
}

export const coldestSolarHour = 5
export const warmestSolarHour = 15

/**
 * Air temperature split by time scale, because the soil damps and delays each scale differently:
 * `annualMean + seasonal + synoptic + diurnal` is the air temperature.
 */
export interface TemperatureParts {
  annualMean: number
  seasonal: number
  synoptic: number
  diurnal: number
}

export interface Weather {
  site: Site
  temperatureParts(at: Date): TemperatureParts
  airTemperature(at: Date): number
  dewPoint(at: Date): number
  relativeHumidity(at: Date): number
}

/**
 * The day's shape, -1 at the coldest hour (05:00 solar) and +1 at the warmest (15:00): a half
 * cosine up over ten hours and a slower half cosine down over the fourteen hours of evening and night.
 */
export function diurnalShape(hour: number): number {
  if (hour >= coldestSolarHour && hour < warmestSolarHour) {
    return -Math.cos((Math.PI * (hour - coldestSolarHour)) / (warmestSolarHour - coldestSolarHour))
  }
  const sinceWarmest = (hour - warmestSolarHour + 24) % 24
  return Math.cos((Math.PI * sinceWarmest) / (24 - (warmestSolarHour - coldestSolarHour)))
}

/** Where the year stands, 1 at the warmest day and -1 half a year later; fractional days keep it smooth. */
function seasonPhase(at: Date, climate: Climate): number {
  const yearStart = Date.UTC(at.getUTCFullYear(), 0, 1)
  const day = 1 + (at.getTime() - yearStart) / dayMs
  return Math.cos((2 * Math.PI * (day - climate.warmestDay)) / 365.25)
}

/** Passing highs and lows: a few incommensurate slow waves with seeded phases, never more than ±4 °C. */
const synopticWaves = [
  { periodDays: 3.7, amplitude: 1.6 },
  { periodDays: 6.1, amplitude: 1.4 },
  { periodDays: 11.3, amplitude: 1.0 },
]
const dewPointWave = { periodDays: 4.3, amplitude: 1.2 }
/** °C the dew point sits below the night's minimum: dawn air is close to, but rarely at, saturation. */
const dewPointBelowMinimum = 1.5

export function createWeather(site: Site, climate: Climate, random: Random): Weather {
  const synopticPhases = synopticWaves.map(() => random() * 2 * Math.PI)
  const dewPointPhase = random() * 2 * Math.PI
  const wave = (at: Date, periodDays: number, phase: number) =>
    Math.sin((2 * Math.PI * at.getTime()) / (periodDays * dayMs) + phase)

  function diurnalHalfRange(at: Date): number {
    const summerness = (1 + seasonPhase(at, climate)) / 2
    return (
      climate.diurnalHalfRangeWinter +
      (climate.diurnalHalfRangeSummer - climate.diurnalHalfRangeWinter) * summerness
    )
  }

  function temperatureParts(at: Date): TemperatureParts {
    const season = seasonPhase(at, climate)
    return {
      annualMean: climate.annualMean,
      seasonal: climate.annualAmplitude * season,
      synoptic: synopticWaves.reduce(
        (sum, { periodDays, amplitude }, i) => sum + amplitude * wave(at, periodDays, synopticPhases[i]!),
        0,
      ),
      diurnal: diurnalHalfRange(at) * diurnalShape(solarHour(at, site.longitude)),
    }
  }

  function airTemperature(at: Date): number {
    const parts = temperatureParts(at)
    return parts.annualMean + parts.seasonal + parts.synoptic + parts.diurnal
  }

  /** The vapour in the air changes with the weather, not with the hour: it follows the night's minimum. */
  function dewPoint(at: Date): number {
    const parts = temperatureParts(at)
    const nightMinimum = parts.annualMean + parts.seasonal + parts.synoptic - diurnalHalfRange(at)
    const swing = dewPointWave.amplitude * wave(at, dewPointWave.periodDays, dewPointPhase)
    return nightMinimum - dewPointBelowMinimum + swing
  }

  function relativeHumidity(at: Date): number {
    const rh = relativeHumidityFromDewPoint(airTemperature(at), dewPoint(at))
    return Math.min(100, Math.max(10, rh))
  }

  return { site, temperatureParts, airTemperature, dewPoint, relativeHumidity }
}
