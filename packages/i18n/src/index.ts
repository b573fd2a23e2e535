import { en } from './en'
import type { Messages } from './messages'
import { pl } from './pl'

export type { Messages } from './messages'
export const catalogues = { en, pl } as const
export type Lang = keyof typeof catalogues
export const defaultLang: Lang = 'en'

/** Resolves a dotted key (`errors.incorrect_login`) in a catalogue; unknown keys come back as the key. */
export function translate(lang: Lang, key: string, params?: Record<string, string | number>): string {
  let node: unknown = catalogues[lang] as Messages
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined
  }
  if (typeof node !== 'string') return key
  return params ? node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : node
}

export function pickLang(candidates: readonly (string | null | undefined)[]): Lang {
  for (const candidate of candidates) {
    const base = candidate?.toLowerCase().slice(0, 2)
    if (base === 'pl' || base === 'en') return base
  }
  return defaultLang
}

export function flattenKeys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix]
  return Object.entries(node).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key))
}
