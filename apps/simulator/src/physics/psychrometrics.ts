/**
 * Moist-air relations an AM-200 computes from its temperature and humidity sensor. Magnus
 * coefficients after Alduchov and Eskridge (1996); wet-bulb after Stull (2011).
 */
const magnusA = 17.625
const magnusB = 243.04
const magnusKpa = 0.61094
/** Specific gas constant of water vapour, J/(kg K). */
const waterVapourGasConstant = 461.5

/** Saturation vapour pressure over water, kPa. */
export function saturationVapourPressure(temperature: number): number {
  return magnusKpa * Math.exp((magnusA * temperature) / (temperature + magnusB))
}

export function actualVapourPressure(temperature: number, relativeHumidity: number): number {
  return (saturationVapourPressure(temperature) * relativeHumidity) / 100
}

/** Relative humidity, %, of air at `temperature` whose dew point is `dewPoint`. */
export function relativeHumidityFromDewPoint(temperature: number, dewPoint: number): number {
  return (100 * saturationVapourPressure(dewPoint)) / saturationVapourPressure(temperature)
}

/** Dew point, °C (inverse Magnus); never above the air temperature, even when rounding errs at 100 %. */
export function dewPoint(temperature: number, relativeHumidity: number): number {
  const gamma =
    Math.log(Math.max(relativeHumidity, 0.1) / 100) + (magnusA * temperature) / (magnusB + temperature)
  return Math.min(temperature, (magnusB * gamma) / (magnusA - gamma))
}

/**
 * Wet-bulb temperature, °C (Stull 2011, fitted for 5-99 % and -20..50 °C). The fit may stray a
 * few tenths outside the physical bounds near saturation, so it is held between dew point and
 * air temperature, where a wet bulb always is.
 */
export function wetBulbTemperature(temperature: number, relativeHumidity: number): number {
  const rh = relativeHumidity
  const stull =
    temperature * Math.atan(0.151977 * Math.sqrt(rh + 8.313659)) +
    Math.atan(temperature + rh) -
    Math.atan(rh - 1.676331) +
    0.00391838 * rh ** 1.5 * Math.atan(0.023101 * rh) -
    4.686035
  return Math.min(temperature, Math.max(dewPoint(temperature, rh), stull))
}

/** Vapour pressure deficit, kPa: how much more water the air could hold, as pressure (0 in saturated air). */
export function vapourPressureDeficit(temperature: number, relativeHumidity: number): number {
  return Math.max(
    0,
    saturationVapourPressure(temperature) - actualVapourPressure(temperature, relativeHumidity),
  )
}

/** Absolute humidity, g/m³, of air holding vapour at `vapourPressureKpa`. */
export function absoluteHumidity(temperature: number, vapourPressureKpa: number): number {
  return (vapourPressureKpa * 1000 * 1000) / (waterVapourGasConstant * (temperature + 273.15))
}

/** Humidity deficit, g/m³: the water a cubic metre of this air could still take up before saturating. */
export function humidityDeficit(temperature: number, relativeHumidity: number): number {
  return absoluteHumidity(temperature, vapourPressureDeficit(temperature, relativeHumidity))
}
