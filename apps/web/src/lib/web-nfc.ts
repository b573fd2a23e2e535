import type { TagRecordText } from '@kropla/domain'

/**
 * Web NFC (Chrome on Android), the one wrapper: the add-module wizard and the dashboards' NFC widget
 * read a module's tag (`readNfcText`), /mobile/nfc reads and writes tags (`scanTag`, `writeTag`).
 */
export function hasWebNfc(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window
}

/** The parts of Chrome's `NDEFReader` these screens use. */
interface NdefRecord {
  recordType: string
  encoding?: string
  data?: DataView
}
interface NdefReader {
  scan(options?: { signal?: AbortSignal }): Promise<void>
  write(
    message: { records: { recordType: string; data: string }[] },
    options?: { signal?: AbortSignal },
  ): Promise<void>
  onreading: ((event: { serialNumber?: string; message: { records: readonly NdefRecord[] } }) => void) | null
  onreadingerror: (() => void) | null
}

/** Why a tag could not be read or written: not allowed (permission, NFC off), or the tag failed. */
export class TagError extends Error {
  constructor(readonly code: 'nfc_not_allowed' | 'nfc_read_failed' | 'nfc_write_failed') {
    super(code)
  }
}

/** Why a module's tag gave no code: scanning unavailable, or a tag without text. */
export class NfcReadError extends Error {
  constructor(readonly code: 'nfc_unavailable' | 'nfc_unrecognized') {
    super(code)
  }
}

function newReader(): NdefReader {
  return new (window as unknown as { NDEFReader: new () => NdefReader }).NDEFReader()
}

/** A record's payload as text (URL and text records); other records give an empty text. */
function recordText(record: NdefRecord): TagRecordText {
  if (!record.data || !['url', 'absolute-url', 'text'].includes(record.recordType))
    return { recordType: record.recordType, text: '' }
  try {
    return {
      recordType: record.recordType,
      text: new TextDecoder(record.encoding ?? 'utf-8').decode(record.data),
    }
  } catch {
    return { recordType: record.recordType, text: '' }
  }
}

/** Waits for one tag near the phone and gives its records as text; stops when `signal` aborts. */
export async function scanTag(signal: AbortSignal): Promise<TagRecordText[]> {
  const reader = newReader()
  try {
    await reader.scan({ signal })
  } catch {
    throw new TagError('nfc_not_allowed')
  }
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new TagError('nfc_not_allowed')))
    reader.onreadingerror = () => reject(new TagError('nfc_read_failed'))
    reader.onreading = (event) => resolve(event.message.records.map(recordText))
  })
}

/**
 * Waits for one tag and gives the text of its first text record (the module's `KROPLA:<serial>:<pin>`).
 * Refuses with `nfc_unavailable` when scanning is not allowed, `nfc_unrecognized` for a tag without text.
 */
export async function readNfcText(signal: AbortSignal): Promise<string> {
  const reader = newReader()
  try {
    await reader.scan({ signal })
  } catch {
    throw new NfcReadError('nfc_unavailable')
  }
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(new NfcReadError('nfc_unavailable')))
    reader.onreadingerror = () => reject(new NfcReadError('nfc_unrecognized'))
    reader.onreading = (event) => {
      const record = event.message.records.find((candidate) => candidate.recordType === 'text')
      if (!record?.data) return reject(new NfcReadError('nfc_unrecognized'))
      resolve(new TextDecoder(record.encoding ?? 'utf-8').decode(record.data))
    }
  })
}

/** Writes a module's tag: the URL of its page and its `KROPLA:<serial>` text, on the next tag held near. */
export async function writeTag(url: string, text: string, signal: AbortSignal): Promise<void> {
  const reader = newReader()
  try {
    await reader.write(
      {
        records: [
          { recordType: 'url', data: url },
          { recordType: 'text', data: text },
        ],
      },
      { signal },
    )
  } catch (cause) {
    const name = errorName(cause)
    throw new TagError(name === 'NotAllowedError' ? 'nfc_not_allowed' : 'nfc_write_failed')
  }
}

/** The name of a DOMException or Error (a DOMException need not be an Error in every realm). */
function errorName(cause: unknown): string {
  return typeof cause === 'object' && cause !== null && 'name' in cause && typeof cause.name === 'string'
    ? cause.name
    : ''
}
