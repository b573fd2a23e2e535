import type { i18n as I18n } from 'i18next'

/**
 * For catalogue keys built at run time (`fields.${name}`, `errors.${code}`), which the compiler
 * cannot check: a key missing from the catalogue shows the fallback instead of the raw key.
 */
export function translateKey(i18n: I18n, key: string, fallback: string): string {
  return i18n.exists(key) ? String(i18n.t(key as never)) : fallback
}
