import { barcodeReader } from './device-support'

/** Reads the codes in one camera frame. */
export interface CodeReader {
  read(frame: HTMLVideoElement): Promise<string[]>
}

/** The codes a module box may carry: a QR code first; barcodes where the browser reads them. */
const wantedFormats = ['qr_code', 'data_matrix', 'code_128', 'code_39', 'ean_13']

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>
}
interface DetectorClass {
  new (options?: { formats: string[] }): DetectorLike
  getSupportedFormats?: () => Promise<string[]>
}

async function nativeReader(): Promise<CodeReader> {
  const Detector = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector
  const supported = (await Detector.getSupportedFormats?.().catch(() => null)) ?? wantedFormats
  const formats = wantedFormats.filter((format) => supported.includes(format))
  const detector = new Detector(formats.length > 0 ? { formats } : undefined)
  return {
    async read(frame) {
      const codes = await detector.detect(frame)
      return codes.map((code) => code.rawValue)
    },
  }
}

/** jsQR (Apache-2.0), loaded only when the browser has no BarcodeDetector: QR codes only. */
async function libraryReader(): Promise<CodeReader> {
  const { default: jsQR } = await import('jsqr')
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  return {
    async read(frame) {
      const width = frame.videoWidth
      const height = frame.videoHeight
      if (!context || width === 0 || height === 0) return []
      canvas.width = width
      canvas.height = height
      context.drawImage(frame, 0, 0, width, height)
      const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, {
        inversionAttempts: 'attemptBoth',
      })
      return found ? [found.data] : []
    },
  }
}

export function createCodeReader(): Promise<CodeReader> {
  return barcodeReader() === 'native' ? nativeReader() : libraryReader()
}
