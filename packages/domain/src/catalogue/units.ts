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
