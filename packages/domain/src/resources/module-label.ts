/**
 * What a module's box label (QR code or barcode) and its NFC tag carry (ADR 0074):
 * - `KROPLA:<serial>:<pin>`: the factory label and tag; the add-module wizard takes both.
 * - `KROPLA:<serial>`: a tag the app writes for a module already on an account (no PIN on it).
 * - a link of the app, `…#/kropla_2/modules?add=1&serial=<serial>&pin=<pin>`, for a phone's own camera app.
 * - a link to a module's page, `…#/kropla_2/modules/<id>`, the URL record of a tag the app writes.
 * Pure: the browser decodes the records, this only reads their text.
 */

const serialPattern = /^[A-Za-z0-9_-]{3,40}$/
const pinPattern = /^[0-9A-Za-z]{4,16}$/

/** A serial number, and the PIN when the label carries one. */
export interface ModuleLabel {
  serial: string
  pin: string | null
}

/** What a scanned tag or label leads to: a module page by id, or a serial (and PIN) to look up or add. */
export type ModuleLabelTarget = { kind: 'module'; id: number } | ({ kind: 'label' } & ModuleLabel)

function labelOf(serial: string | null | undefined, pin: string | null | undefined): ModuleLabel | null {
  if (!serial || !serialPattern.test(serial)) return null
  if (pin === null || pin === undefined || pin === '') return { serial, pin: null }
  return pinPattern.test(pin) ? { serial, pin } : null
}

/** The hash route of an app link (`#/kropla_2/modules/7?x=1`), or null when the text is no link. */
function appRoute(text: string): { origin: string; path: string; query: URLSearchParams } | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  const route = url.hash.startsWith('#') ? url.hash.slice(1) : url.pathname
  const [path = '', query = ''] = route.split('?', 2)
  return { origin: url.origin, path, query: new URLSearchParams(query) }
}

/** The text of a box label or a tag's text record, read as a module label; null when it is none. */
export function parseModuleLabel(raw: string): ModuleLabel | null {
  const text = raw.trim()
  const coded = /^KROPLA:([^:\s]+)(?::([^:\s]*))?$/i.exec(text)
  if (coded) return labelOf(coded[1], coded[2])
  const route = appRoute(text)
  if (route && /\/modules\/?$/.test(route.path))
    return labelOf(route.query.get('serial'), route.query.get('pin'))
  return null
}

/**
 * Where a scanned text leads: a module page link, else a module label; null when neither. With
 * `origin`, a page link counts only on that server: a module id means nothing on another one (a
 * tag written by another installation then falls back to its serial).
 */
export function parseLabelTarget(raw: string, origin?: string): ModuleLabelTarget | null {
  const route = appRoute(raw.trim())
  const isHere = origin === undefined || route?.origin === origin
  const page = route && isHere && /\/modules\/(\d{1,9})\/?$/.exec(route.path)
  if (page) return { kind: 'module', id: Number(page[1]) }
  const label = parseModuleLabel(raw)
  return label && { kind: 'label', ...label }
}

/** An NFC record as the browser gave it, its payload already decoded to text. */
export interface TagRecordText {
  recordType: string
  text: string
}

/**
 * What an NFC tag leads to: its URL record (a module page on `origin`, or an add link) first, then
 * its text records; null when no record is ours.
 */
export function parseTagRecords(
  records: readonly TagRecordText[],
  origin?: string,
): ModuleLabelTarget | null {
  const ordered = [
    ...records.filter((record) => record.recordType === 'url' || record.recordType === 'absolute-url'),
    ...records.filter((record) => record.recordType === 'text'),
  ]
  for (const record of ordered) {
    const target = parseLabelTarget(record.text, origin)
    if (target) return target
  }
  return null
}

/** The text record the app writes on a module's tag: `KROPLA:<serial>` (the PIN stays off it). */
export function tagText(serial: string): string {
  return `KROPLA:${serial}`
}
