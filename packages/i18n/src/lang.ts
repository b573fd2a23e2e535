/**
 * Languages without their catalogues: the browser imports this alone and loads the one catalogue
 * it shows (`@kropla/i18n/en`, `@kropla/i18n/pl`) on demand.
 */
export const langs = ['en', 'pl'] as const
export type Lang = (typeof langs)[number]
export const defaultLang: Lang = 'en'

export function pickLang(candidates: readonly (string | null | undefined)[]): Lang {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().slice(0, 2)
    if (base === 'pl' || base === 'en') return base
  }
  return defaultLang
}

/**
 * The cookie that tells the server the language chosen on this device (the browser keeps the choice
 * in localStorage, which the server cannot read): it sends a visitor the login page pre-rendered
 * in that language.
 */
export const langCookieName = 'kropla_lang'
