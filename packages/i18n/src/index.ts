import { en } from './en'
import type { Lang } from './lang'
import type { Messages } from './messages'
import { pl } from './pl'

export { defaultLang, type Lang, langs, pickLang } from './lang'
export type { AppMessages, Messages, PublicMessages } from './messages'
export const catalogues = { en, pl } as const satisfies Record<Lang, Messages>

/** Resolves a dotted key (`errors.incorrect_login`) in a catalogue; unknown keys come back as the key. */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  let node: unknown = catalogues[lang] as Messages
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
  }
  if (typeof node !== 'string') return key
  return params ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : node
}

export function flattenKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix]
  return Object.entries(node).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key))
}
