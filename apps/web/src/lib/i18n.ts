import { catalogues, type Lang } from '@kropla/i18n'
import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { i18nOptions } from './i18n-options'

/**
 * Both catalogues at hand and synchronous initialisation: for tests and for code that runs
 * outside the browser app. The app itself loads only the active language (start-i18n.ts).
 */
export function createI18n(lang: Lang): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    ...i18nOptions(lang),
    fallbackLng: 'en',
    resources: { en: { translation: catalogues.en }, pl: { translation: catalogues.pl } },
    initAsync: false,
  })
  return instance
}
