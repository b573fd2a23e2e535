/**
 * The AM-200's agronomic indices. The specification names them but does not define them, so
 * these are the simulator's definitions, chosen to behave the way a grower reads them.
 */

/** kPa. Air this close to saturation keeps leaves wet long enough for fungal spores to germinate. */
export const infectionVpdKpa = 0.2

/** VPD_INFECT_1: 1 while the humidity is high enough for leaf wetness (infection risk), else 0. */
export function infectionRisk(vapourPressureDeficitKpa: number): 0 | 1 {
  return vapourPressureDeficitKpa <= infectionVpdKpa ? 1 : 0
}

/** °C by which the ground cools below the wet-bulb temperature on a clear night (Kammermann's rule). */
const kammermannDrop = 2

/** TEMP_KAMER_1: the expected minimum temperature at the ground, from the wet-bulb temperature. */
export function estimatedGroundMinimum(wetBulb: number): number {
  return wetBulb - kammermannDrop
}

/** TEMP_GAP_1: the dew-point spread; the smaller it is, the sooner dew (or hoarfrost) forms. */
export function temperatureGap(temperature: number, dewPoint: number): number {
  return temperature - dewPoint
}

/** The AM-200 properties freeze_temp_hr0 and freeze_temp_hr100; null means 0 °C. */
export interface FreezeThresholds {
  atDryAir: number | null
  atSaturatedAir: number | null
}

/** °C at which the crop freezes, interpolated between the dry-air and saturated-air thresholds. */
export function freezeThreshold(relativeHumidity: number, thresholds: FreezeThresholds): number {
  const dry = thresholds.atDryAir ?? 0
  const saturated = thresholds.atSaturatedAir ?? 0
  return dry + ((saturated - dry) * relativeHumidity) / 100
}

/** Percent of frost-warning scale lost per degree of margin between the ground minimum and the threshold. */
const percentPerDegree = 10

/**
 * PWI_1, frost warning index in %: 100 when the estimated ground minimum reaches the freezing
 * threshold (the chart shades 100 and above red), 0 when it is ten degrees or more above it.
 */
export function frostWarningIndex(groundMinimum: number, threshold: number): number {
  return Math.min(200, Math.max(0, 100 - percentPerDegree * (groundMinimum - threshold)))
}
