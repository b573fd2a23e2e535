import { type InputField, inUserUnit } from '@kropla/domain'

export interface ValueWords {
  on: string
  off: string
  unknown: string
}

export interface ValueFormatOptions {
  lang: string
  temperatureUnit: 'C' | 'F'
  words: ValueWords
}

/**
 * A reading as the user reads it: numbers rounded to the catalogue's decimals with the unit
 * (Celsius turned into Fahrenheit when the user chose it), outputs and flags as on/off, and
 * a missing value as unknown.
 */
export function formatValue(
  input: InputField | undefined,
  value: number | null,
  options: ValueFormatOptions,
) {
  if (value === null || !Number.isFinite(value)) return options.words.unknown
  if (input && input.kind !== 'number') return value ? options.words.on : options.words.off

  const decimals = input?.decimals ?? 2
  const { amount, unit } = inUserUnit(value, input?.unit ?? '', options.temperatureUnit)
  const text = new Intl.NumberFormat(options.lang, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount)
  return unit ? `${text} ${unit}` : text
}
