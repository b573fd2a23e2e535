import type { areaUnits } from '@kropla/domain'

export type AreaUnit = (typeof areaUnits)[number]

const squareMetresPer: Record<AreaUnit, number> = { ha: 10_000, m2: 1, ac: 4_046.856_422_4 }
const symbols: Record<AreaUnit, string> = { ha: 'ha', m2: 'm²', ac: 'ac' }
const decimals: Record<AreaUnit, number> = { ha: 2, m2: 0, ac: 2 }

/**
 * An area as the user reads it. Areas are kept in square metres (a section's `area`) and shown in
 * the unit the user chose: hectares, square metres or acres, with the language's decimal separator.
 */
export function formatArea(
  squareMetres: number | null,
  unit: AreaUnit,
  lang: string,
  unknown = 'N/A',
): string {
  if (squareMetres === null || !Number.isFinite(squareMetres)) return unknown
  const amount = squareMetres / squareMetresPer[unit]
  const text = new Intl.NumberFormat(lang, {
    minimumFractionDigits: decimals[unit],
    maximumFractionDigits: decimals[unit],
  }).format(amount)
  return `${text} ${symbols[unit]}`
}
