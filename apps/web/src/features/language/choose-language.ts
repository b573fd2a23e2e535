import { type Lang, langCookieName, pickLang } from '@kropla/i18n/lang'

export const langStorageKey = 'kropla.lang'

/** Spec 01 section 1: the language stored on this device, then the browser's, then English. */
export function chooseLanguage(stored: string | null, browserLanguages: readonly string[]): Lang {
  return pickLang([stored, ...browserLanguages])
}

export function browserLanguages(navigator: Pick<Navigator, 'language' | 'languages'>): string[] {
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language]
}

// Storage access throws in some privacy modes; the language then simply is not remembered.
export function readStoredLang(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    return storage.getItem(langStorageKey)
  } catch {
    return null
  }
}

export function storeLang(storage: Pick<Storage, 'setItem'>, lang: Lang): void {
  try {
    storage.setItem(langStorageKey, lang)
  } catch {
    // see readStoredLang
  }
}

/** Tells the server the choice too (langCookieName), for the login page it pre-renders; a year, like the choice itself. */
export function shareLangWithServer(cookies: { cookie: string }, lang: Lang): void {
  cookies.cookie = `${langCookieName}=${lang}; path=/; max-age=31536000; samesite=lax`
}
