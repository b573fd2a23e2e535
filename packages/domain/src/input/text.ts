import { z } from 'zod'

/**
 * Text a person types is stored as UTF-8 in PostgreSQL, which refuses NUL outright; other C0
 * controls and DEL only hide text or break exports, and a lone UTF-16 surrogate cannot be encoded
 * at all (node-postgres would quietly store U+FFFD instead). So every text field refuses them;
 * multi-line fields (descriptions, message contents) keep tab, line feed and carriage return.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const singleLineForbidden = /[\u0000-\u001f\u007f]|\p{Cs}/u
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const multiLineForbidden = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u

export const textCharactersError = 'errors.text_characters'

export function isStorableText(value: string, options: { multiLine?: boolean } = {}): boolean {
  return !(options.multiLine ? multiLineForbidden : singleLineForbidden).test(value)
}

type StringParams = Parameters<typeof z.string>[0]

/** A string for one line of text (names, subjects, e-mails, addresses): no control characters. */
export const singleLineText = (params?: StringParams) =>
  z.string(params).refine((value) => isStorableText(value), { error: textCharactersError })

/** A string for text with line breaks (descriptions, message contents): tab and line breaks allowed. */
export const multiLineText = (params?: StringParams) =>
  z
    .string(params)
    .refine((value) => isStorableText(value, { multiLine: true }), { error: textCharactersError })

/**
 * Free text a module sends (its firmware version, the reason it gives for refusing a command):
 * a device's words are kept rather than its message refused, so what cannot be stored becomes
 * U+FFFD and an overlong text is cut at `maxLength` characters.
 */
export const deviceText = (maxLength: number) =>
  z
    .string()
    .transform((value) => value.replace(new RegExp(singleLineForbidden, 'gu'), '\uFFFD').slice(0, maxLength))
