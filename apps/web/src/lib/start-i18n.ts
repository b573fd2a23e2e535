import type { Messages } from '@kropla/i18n'
import type { Lang } from '@kropla/i18n/lang'
import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { i18nOptions } from './i18n-options'

/** Each catalogue is a chunk of its own: the first screen downloads only the language it shows. */
const catalogueLoaders: Record<Lang, () => Promise<Messages>> = {
  en: () => import('@kropla/i18n/en').then((module) => module.en),
  pl: () => import('@kropla/i18n/pl').then((module) => module.pl),
}

const isLang = (language: string): language is Lang => language in catalogueLoaders

/** i18next asks for a language before switching to it, so changeLanguage() resolves translated. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    if (!isLang(language)) return callback(new Error(`No catalogue for ${language}`), false)
    catalogueLoaders[language]().then(
      (catalogue) => callback(null, catalogue),
      (error: Error) => callback(error, false),
    )
  },
}

/**
 * The browser app's i18next, set to `lang` at once (so API calls made before the catalogue arrives
 * carry the language); `ready` resolves once the catalogue has loaded.
 */
export function startI18n(lang: Lang): { i18n: I18n; ready: Promise<I18n> } {
  const instance = i18next.createInstance()
  const ready = instance
    .use(catalogueBackend)
    .use(initReactI18next)
    // No fallback language: the catalogues hold the same keys (packages/i18n tests), and a
    // fallback would download the second catalogue on every start. Not initAsync: the language is
    // set before init() returns, the catalogue still arrives asynchronously through the backend.
    .init({ ...i18nOptions(lang), fallbackLng: false, initAsync: false })
    .then(() => instance)
  return { i18n: instance, ready }
}
