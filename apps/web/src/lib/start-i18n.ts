import type { AppMessages, PublicMessages } from '@kropla/i18n'
import type { Lang } from '@kropla/i18n/lang'
import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { provideAppCatalogue } from './app-catalogue'
import { i18nOptions } from './i18n-options'

/**
 * Each language's catalogue comes in two chunks: the public part (login page, public frame,
 * errors) and the rest, fetched with the first screen behind login. The first screen downloads
 * only the language it shows, and the login page only its public part.
 */
const catalogueLoaders: Record<
  Lang,
  { public: () => Promise<PublicMessages>; app: () => Promise<AppMessages> }
> = {
  en: {
    public: () => import('@kropla/i18n/en-public').then((module) => module.enPublic),
    app: () => import('@kropla/i18n/en-app').then((module) => module.enApp),
  },
  pl: {
    public: () => import('@kropla/i18n/pl-public').then((module) => module.plPublic),
    app: () => import('@kropla/i18n/pl-app').then((module) => module.plApp),
  },
}

const isLang = (language: string): language is Lang => language in catalogueLoaders

/**
 * The browser app's i18next, set to `lang` at once (so API calls made before the catalogue arrives
 * carry the language); `ready` resolves once the catalogue's public part has loaded. Screens behind
 * login wait for the rest through app-catalogue.ts.
 */
export function startI18n(lang: Lang): { i18n: I18n; ready: Promise<I18n> } {
  const instance = i18next.createInstance()
  let isAppPartWanted = false
  const appParts = new Map<Lang, Promise<AppMessages>>()

  function appPart(language: Lang): Promise<AppMessages> {
    let part = appParts.get(language)
    if (!part) {
      part = catalogueLoaders[language].app()
      part.catch(() => appParts.delete(language)) // a failed download is tried again next time
      appParts.set(language, part)
    }
    return part
  }

  // i18next asks for a language before switching to it, so changeLanguage() resolves translated:
  // with both parts once a screen behind login has asked for them.
  const catalogueBackend: BackendModule = {
    type: 'backend',
    init: () => {},
    read: (language, _namespace, callback) => {
      if (!isLang(language)) return callback(new Error(`No catalogue for ${language}`), false)
      Promise.all([
        catalogueLoaders[language].public(),
        isAppPartWanted ? appPart(language) : undefined,
      ]).then(
        // `errors` is in both parts (refusals of signed-in screens stay off the login page): joined key by key.
        ([publicPart, rest]) =>
          callback(null, { ...publicPart, ...rest, errors: { ...publicPart.errors, ...rest?.errors } }),
        (error: Error) => callback(error, false),
      )
    },
  }

  provideAppCatalogue(async () => {
    isAppPartWanted = true
    const language = instance.language
    if (!isLang(language)) return
    instance.addResourceBundle(language, 'translation', await appPart(language), true, true)
  })

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
