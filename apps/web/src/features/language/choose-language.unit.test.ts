import { describe, expect, it } from 'vitest'
import {
  browserLanguages,
  chooseLanguage,
  langStorageKey,
  readStoredLang,
  shareLangWithServer,
  storeLang,
} from './choose-language'

describe('interface language', () => {
  it('prefers the language stored on this device', () => {
    expect(chooseLanguage('en', ['pl-PL'])).toBe('en')
    expect(chooseLanguage('pl', ['en-GB'])).toBe('pl')
  })

  it('falls back to the browser language when nothing usable is stored', () => {
    expect(chooseLanguage(null, ['pl-PL', 'en'])).toBe('pl')
    expect(chooseLanguage('de', ['pl'])).toBe('pl')
  })

  it('takes the first supported browser language', () => {
    expect(chooseLanguage(null, ['de-DE', 'pl', 'en'])).toBe('pl')
  })

  it('ends with English', () => {
    expect(chooseLanguage(null, ['de-DE', 'fr'])).toBe('en')
    expect(chooseLanguage(null, [])).toBe('en')
  })

  it('reads the browser list, or the single language when the list is empty', () => {
    expect(browserLanguages({ language: 'pl-PL', languages: [] })).toEqual(['pl-PL'])
    expect(browserLanguages({ language: 'pl-PL', languages: ['pl-PL', 'en'] })).toEqual(['pl-PL', 'en'])
  })

  it('remembers the choice under kropla.lang and survives storage that refuses access', () => {
    const saved = new Map<string, string>()
    storeLang({ setItem: (key, value) => saved.set(key, value) }, 'pl')
    expect(saved.get(langStorageKey)).toBe('pl')
    expect(langStorageKey).toBe('kropla.lang')

    const refusing = {
      getItem: (): string | null => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(readStoredLang(refusing)).toBeNull()
    expect(() => storeLang(refusing, 'en')).not.toThrow()
  })

  it('tells the server the chosen language in a cookie for the whole site, for a year', () => {
    const page = { cookie: '' }
    shareLangWithServer(page, 'pl')
    expect(page.cookie).toBe('kropla_lang=pl; path=/; max-age=31536000; samesite=lax')
  })
})
