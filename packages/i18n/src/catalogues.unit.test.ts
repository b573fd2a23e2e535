import { describe, expect, it } from 'vitest'
import { enApp } from './en-app'
import { enPublic } from './en-public'
import { catalogues, flattenKeys, pickLang, translate } from './index'

describe('message catalogues', () => {
  it('have the same keys in Polish and English', () => {
    expect(flattenKeys(catalogues.pl).sort()).toEqual(flattenKeys(catalogues.en).sort())
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
