/**
 * Salts dissolved in the soil water: the same amount of salt in less water is a stronger
 * solution, so the pore-water conductivity rises as the soil dries and falls after irrigation.
 * `saltIndex` is the conductivity (mS/cm) the layer would show at 1 % moisture.
 */
export function poreWaterConductivity(moisturePercent: number, saltIndex: number): number {
  return saltIndex / Math.max(moisturePercent, 1)
}

/** g/l of dissolved minerals per mS/cm, the usual conversion for irrigation water. */
const mineralsPerConductivity = 0.64

/** MCI_n: mineral concentration of the soil water, g/l. */
export function mineralConcentration(poreWaterConductivityMsCm: number): number {
  return poreWaterConductivityMsCm * mineralsPerConductivity
}
