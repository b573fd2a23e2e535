/** What `/mobile/datadisplay` shows, kept on this device: `<module id>:<field>` in the chosen order. */
export const displayChoiceKey = 'kropla.datadisplay'

export interface DisplayValueKey {
  idObject: number
  field: string
}

export function choiceValue(key: DisplayValueKey): string {
  return `${key.idObject}:${key.field}`
}

export function parseChoiceValue(value: string): DisplayValueKey | null {
  const match = /^(\d{1,9}):([A-Za-z0-9_.-]{1,64})$/.exec(value)
  return match ? { idObject: Number(match[1]), field: match[2]! } : null
}

/** The stored choice; anything unreadable is dropped rather than failing the screen. */
export function readDisplayChoice(raw: string | null): string[] {
  if (!raw) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!Array.isArray(parsed)) return []
    return parsed
      .filter((value): value is string => typeof value === 'string' && parseChoiceValue(value) !== null)
      .slice(0, 24)
  } catch {
    return []
  }
}

/** How old a value is, in the largest whole unit ("3 min", "2 godz."); `null` under a minute. */
export function ageText(ageMs: number, lang: string): string | null {
  const seconds = Math.max(0, Math.floor(ageMs / 1000))
  if (seconds < 60) return null
  const [amount, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < 86_400
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86_400), 'day']
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'short' }).format(amount)
}
