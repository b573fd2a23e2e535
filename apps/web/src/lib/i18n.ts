import { catalogues, type Lang } from '@kropla/i18n'
import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof catalogues.en }
  }
}

/** The catalogues are bundled, so initialisation is synchronous and the first render is already translated. */
export function createI18n(lang: Lang): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    supportedLngs: ['en', 'pl'],
    resources: { en: { translation: catalogues.en }, pl: { translation: catalogues.pl } },
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance
}
