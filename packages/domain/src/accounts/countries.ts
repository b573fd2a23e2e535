import countries from 'i18n-iso-countries'
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import pl from 'i18n-iso-countries/langs/pl.json' with { type: 'json' }

let registered = false
// Registered on first use rather than at import, so that a bundle that never asks for countries
// (the login screen) can leave the name lists out.
function ensureLocales() {
  if (registered) return
  countries.registerLocale(en)
  countries.registerLocale(pl)
  registered = true
}

/** Country names keyed by two-letter code, in the user's language, sorted by name. */
export function countryOptions(lang: 'en' | 'pl'): { code: string; name: string }[] {
  ensureLocales()
  return Object.entries(countries.getNames(lang, { select: 'official' }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, lang))
}

export function isCountryCode(code: string): boolean {
  return countries.isValid(code) && code.length === 2 && code === code.toUpperCase()
}
