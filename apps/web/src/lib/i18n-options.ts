import type { catalogues, Lang } from '@kropla/i18n'
import type { InitOptions } from 'i18next'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof catalogues.en }
  }
}

/** What the app's and the tests' i18next instances share. */
export function i18nOptions(lang: Lang): InitOptions {
  return {
    lng: lang,
    supportedLngs: ['en', 'pl'],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
  }
}
