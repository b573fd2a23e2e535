import type { catalogues } from '@kropla/i18n'

/** A screen title from the `nav` namespace, checked by the compiler. */
export type NavKey = `nav.${keyof typeof catalogues.en.nav}`
