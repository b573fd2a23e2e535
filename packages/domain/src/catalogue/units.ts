/** The temperature unit a user reads (profile preference); the catalogue keeps temperatures in °C. */
export type TemperatureUnit = 'C' | 'F'

/**
 * A reading in the unit the user reads it in: a °C value in °F for a user who chose Fahrenheit,
 * anything else as it is. The app's screens and the alarm notifications both turn values so.
 */
export function inUserUnit(
  value: number,
  unit: string,
  temperatureUnit: TemperatureUnit,
): { amount: number; unit: string } {
  if (unit === '°C' && temperatureUnit === 'F') return { amount: (value * 9) / 5 + 32, unit: '°F' }
  return { amount: value, unit }
}

/**
 * What a user typed in their unit, back in the catalogue's unit (°F typed into a °C threshold is
 * stored in °C): the inverse of `inUserUnit`. `decimals` rounds the stored value, so a value shown
 * in °F (itself rounded) and saved untouched comes back as it was.
 */
export function fromUserUnit(
  amount: number,
  unit: string,
  temperatureUnit: TemperatureUnit,
  decimals = 2,
): number {
  if (unit !== '°C' || temperatureUnit !== 'F') return amount
  const factor = 10 ** decimals
  return Math.round((((amount - 32) * 5) / 9) * factor) / factor
}

/** The unit a value of the catalogue's unit reads in for the user ('°C' → '°F' for Fahrenheit). */
export const userUnit = (unit: string, temperatureUnit: TemperatureUnit) =>
  inUserUnit(0, unit, temperatureUnit).unit
