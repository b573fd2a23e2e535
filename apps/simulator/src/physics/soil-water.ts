/** Water limits of a soil, in volume % (what a capacitance probe reports as HUMIDITY_n). */
export interface SoilWaterLimits {
  /** Below this roots cannot draw water. */
  wiltingPoint: number
  /** What the soil holds against gravity once drainage stops. */
  fieldCapacity: number
  /** Every pore full. */
  saturation: number
}

/** Light (sandy loam) soil, soil_type 1, the catalogue default. */
export const lightSoil: SoilWaterLimits = { wiltingPoint: 10, fieldCapacity: 28, saturation: 42 }

/**
 * A mineral-wool growing slab in a greenhouse: holds far more water than soil and drains to a
 * high field capacity; growers keep it between about 55 and 80 %.
 */
export const mineralWool: SoilWaterLimits = { wiltingPoint: 20, fieldCapacity: 72, saturation: 92 }

/** A slab of soil around one sensor of a probe. */
export interface SoilLayer {
  depthCm: number
  thicknessMm: number
  /** Share of the crop's water uptake drawn from this layer; roots thin out with depth. */
  rootShare: number
}

export interface SoilWaterConditions {
  evapotranspirationMmPerHour: number
  irrigationMmPerHour: number
}

/** Fraction of the water above field capacity that drains to the layer below each hour (light soil drains fast). */
const drainagePerHour = 0.4
/** Hours. The explicit scheme is stable and smooth with steps this short. */
const maxStepHours = 1 / 6

/** mm/h of water a drip line or sprinkler adds to the top layer while its valve is open. */
export const irrigationMmPerHour = 8

/**
 * Potential evapotranspiration, mm/h: Hargreaves-like, proportional to sunshine and to
 * (T + 17.8 °C), so nights lose almost nothing and warm sunny afternoons lose most.
 */
export function evapotranspiration(airTemperature: number, sunshine: number): number {
  const warmth = Math.min(1.3, Math.max(0, (airTemperature + 17.8) / 45))
  return 0.6 * sunshine * warmth
}

/**
 * Moves the moisture of the layers (top first) on by `hours`: irrigation wets the top layer,
 * roots draw from every layer (less as it nears the wilting point), and water above field
 * capacity seeps down one layer at a time and out of the bottom.
 */
export function stepSoilWater(
  moisture: readonly number[],
  layers: readonly SoilLayer[],
  limits: SoilWaterLimits,
  conditions: SoilWaterConditions,
  hours: number,
): number[] {
  const next = [...moisture]
  const toPercent = (mm: number, layer: SoilLayer) => (100 * mm) / layer.thicknessMm
  layers.forEach((layer, i) => {
    let theta = next[i]!
    if (i === 0) theta += toPercent(conditions.irrigationMmPerHour * hours, layer)
    const availability = Math.min(
      1,
      Math.max(0, (theta - limits.wiltingPoint) / (limits.fieldCapacity - limits.wiltingPoint)),
    )
    theta -= toPercent(conditions.evapotranspirationMmPerHour * layer.rootShare * availability * hours, layer)
    const excess = Math.max(0, theta - limits.fieldCapacity)
    const drainedMm = ((excess * drainagePerHour * hours) / 100) * layer.thicknessMm
    theta -= toPercent(drainedMm, layer)
    const below = layers[i + 1]
    if (below) next[i + 1] = next[i + 1]! + toPercent(drainedMm, below)
    // Water beyond saturation runs off the surface (or, lower down, cannot enter).
    next[i] = Math.min(limits.saturation, theta)
  })
  return next
}

/** Runs `stepSoilWater` from `fromMs` to `toMs` in short steps, asking for the conditions at each step's middle. */
export function simulateSoilWater(
  moisture: readonly number[],
  layers: readonly SoilLayer[],
  limits: SoilWaterLimits,
  fromMs: number,
  toMs: number,
  conditionsAt: (at: Date) => SoilWaterConditions,
): number[] {
  let current = [...moisture]
  let time = fromMs
  while (time < toMs) {
    const stepMs = Math.min(toMs - time, maxStepHours * 3_600_000)
    const conditions = conditionsAt(new Date(time + stepMs / 2))
    current = stepSoilWater(current, layers, limits, conditions, stepMs / 3_600_000)
    time += stepMs
  }
  return current
}
