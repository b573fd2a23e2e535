import { enApp } from '@kropla/i18n/en-app'
import { enPublic } from '@kropla/i18n/en-public'
import type { Lang } from '@kropla/i18n/lang'
import { plPublic } from '@kropla/i18n/pl-public'
import { fireEvent, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { provideAppCatalogue } from '../lib/app-catalogue'
import { i18nOptions } from '../lib/i18n-options'
import { logIn } from '../testing/log-in'
import { renderApp } from '../testing/render-app'

/**
 * The login page loads only the public part of the catalogue (issue 11, item 7). These journeys
 * run with nothing else at hand and fail on any key the screen asks for that the part lacks, which
 * would otherwise show the visitor a raw key such as `register.title`.
 */
function publicOnlyI18n(lang: Lang) {
  const missingKeys: string[] = []
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    ...i18nOptions(lang),
    fallbackLng: false,
    resources: { en: { translation: enPublic }, pl: { translation: plPublic } },
    initAsync: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      missingKeys.push(key)
    },
  })
  return { instance, missingKeys }
}

afterEach(() => provideAppCatalogue(() => Promise.resolve()))

describe('the public part of the catalogue', () => {
  it.each(['en', 'pl'] as const)(
    'covers the login screen, its validation and a refusal (%s)',
    async (lang) => {
      const { instance, missingKeys } = publicOnlyI18n(lang)
      renderApp('/login', { isLoggedIn: false, i18n: instance })
      fireEvent.click(await screen.findByRole('button', { name: /Log in|Zaloguj/ }))
      expect(await screen.findAllByText(/Field required|Pole wymagane/)).not.toHaveLength(0)
      await logIn('someone@kropla.app', 'Wrong-password-1')
      await screen.findByTestId('login-error')
      expect(missingKeys).toEqual([])
    },
  )

  it('covers the login screen when the server cannot be reached', async () => {
    const { instance, missingKeys } = publicOnlyI18n('en')
    renderApp('/login', { isLoggedIn: false, isServerDown: true, i18n: instance })
    await logIn('demo@kropla.app', 'Kropla-demo-1')
    await screen.findByTestId('login-error')
    expect(missingKeys).toEqual([])
  })

  it('covers the page-not-found screen', async () => {
    const { instance, missingKeys } = publicOnlyI18n('en')
    renderApp('/no/such/page', { isLoggedIn: false, i18n: instance })
    await screen.findByText(enPublic.app.not_found_title)
    expect(missingKeys).toEqual([])
  })

  it('is completed before the first screen behind login shows', async () => {
    const { instance, missingKeys } = publicOnlyI18n('en')
    let isAppPartRequested = false
    provideAppCatalogue(async () => {
      isAppPartRequested = true
      instance.addResourceBundle('en', 'translation', enApp, true, true)
    })
    renderApp('/login', { isLoggedIn: false, i18n: instance })
    await screen.findByRole('button', { name: 'Log in' })
    expect(isAppPartRequested).toBe(false)

    await logIn('demo@kropla.app', 'Kropla-demo-1')
    await screen.findByRole('link', { name: enApp.nav.alarms })
    expect(isAppPartRequested).toBe(true)
    expect(missingKeys).toEqual([])
  })
})
