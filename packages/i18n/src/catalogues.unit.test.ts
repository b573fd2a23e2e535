import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { enApp } from './en-app'
import { enPublic } from './en-public'
import { catalogues, flattenKeys, pickLang, translate } from './index'
import { plApp } from './pl-app'
import { plPublic } from './pl-public'

/** An app part's section's file, without `.ts`: `first_run` in first-run.ts, `passwordRules` in password-rules.ts. */
const sectionName = (section: string) =>
  section
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase()

/** Keys of one section that one language has and the other lacks, named by the file that lacks them. */
function sectionGaps(section: string, en: unknown, enFile: string, pl: unknown, plFile: string): string[] {
  const enKeys = flattenKeys(en, section)
  const plKeys = flattenKeys(pl, section)
  return [
    ...enKeys.filter((key) => !plKeys.includes(key)).map((key) => `${plFile} lacks ${key}`),
    ...plKeys.filter((key) => !enKeys.includes(key)).map((key) => `${enFile} lacks ${key}`),
  ]
}

describe('message catalogues', () => {
  it('have the same keys in Polish and English', () => {
    expect(flattenKeys(catalogues.pl).sort()).toEqual(flattenKeys(catalogues.en).sort())
  })

  it('have the same keys in each section file of both languages', () => {
    const appGaps = Object.keys(enApp).flatMap((section) => {
      const file = `${sectionName(section)}.ts`
      const en = enApp[section as keyof typeof enApp]
      const pl = plApp[section as keyof typeof plApp]
      return sectionGaps(section, en, `en/${file}`, pl, `pl/${file}`)
    })
    const publicGaps = Object.keys(enPublic).flatMap((section) => {
      const en = enPublic[section as keyof typeof enPublic]
      const pl = plPublic[section as keyof typeof plPublic]
      return sectionGaps(section, en, 'en-public.ts', pl, 'pl-public.ts')
    })
    expect([...appGaps, ...publicGaps]).toEqual([])
  })

  it('keep each section of the app part in a file of its own, named after it, in both languages', async () => {
    const parts = { en: enApp, pl: plApp } as const
    for (const [lang, part] of Object.entries(parts)) {
      const files = fs.readdirSync(new URL(`./${lang}`, import.meta.url)).sort()
      expect(files).toEqual(
        Object.keys(part)
          .map((section) => `${sectionName(section)}.ts`)
          .sort(),
      )
      for (const [section, messages] of Object.entries(part)) {
        const module: Record<string, unknown> = await import(`./${lang}/${sectionName(section)}.ts`)
        expect(Object.values(module), `${lang}/${sectionName(section)}.ts`).toEqual([messages])
      }
    }
  })

  it('split into a public part and the rest without a section in both, but errors joined key by key', () => {
    // A section in both parts would be silently replaced by the other when they are joined; only
    // `errors` is joined key by key (refusals of signed-in screens stay off the login page).
    const inBoth = Object.keys(enPublic).filter((section) => section in enApp)
    expect(inBoth).toEqual(['errors'])
    const errorsInBoth = Object.keys(enPublic.errors).filter((key) => key in enApp.errors)
    expect(errorsInBoth).toEqual([])
    expect(translate('en', 'errors.report_incorrect_data')).toBe('Incorrect report data')
    expect(translate('pl', 'errors.field_required')).toBe('Pole wymagane')
  })

  it('have no empty message', () => {
    for (const lang of ['en', 'pl'] as const) {
      const empty = flattenKeys(catalogues[lang]).filter((key) => translate(lang, key).trim() === '')
      expect(empty).toEqual([])
    }
  })

  it('keep the spec wording of the required-field message', () => {
    expect(translate('pl', 'errors.field_required')).toBe('Pole wymagane')
    expect(translate('en', 'errors.field_required')).toBe('Field required')
    expect(translate('en', 'errors.incorrect_login')).toBe('Incorrect login data.')
  })

  it('pick the stored language, then the browser one, then English', () => {
    expect(pickLang([null, 'pl-PL'])).toBe('pl')
    expect(pickLang(['en', 'pl-PL'])).toBe('en')
    expect(pickLang([undefined, 'de-DE'])).toBe('en')
  })
})
