/** Web NFC (Chrome on Android): only where the browser offers `NDEFReader`. */
export function hasWebNfc(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window
}

interface NdefRecord {
  recordType: string
  encoding?: string
  data?: DataView
}
interface NdefReader {
  scan(options?: { signal?: AbortSignal }): Promise<void>
  onreading: ((event: { message: { records: readonly NdefRecord[] } }) => void) | null
  onreadingerror: (() => void) | null
}

export class NfcReadError extends Error {
  constructor(readonly code: 'nfc_unavailable' | 'nfc_unrecognized') {
    super(code)
  }
}

/**
 * Waits for one tag and gives the text of its first text record (the module's `KROPLA:<serial>:<pin>`).
 * Refuses with `nfc_unavailable` when scanning is not allowed, `nfc_unrecognized` for a tag without text.
 */
export async function readNfcText(signal: AbortSignal): Promise<string> {
  const Reader = (window as unknown as { NDEFReader: new () => NdefReader }).NDEFReader
  const reader = new Reader()
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
