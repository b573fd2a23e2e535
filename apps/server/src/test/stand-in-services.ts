import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a stand-in service received. */
export interface ReceivedRequest {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
}

/**
 * A real HTTP server on 127.0.0.1 standing in for a push service or an SMS gateway in tests: it
 * records every request and answers with the status `answer` picks for the path.
 */
export async function startStandInService(answer: (path: string) => number = () => 201) {
  const received: ReceivedRequest[] = []
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      received.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      response.statusCode = answer(path)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest()

/**
 * What a browser holds for Web Push: its P-256 key pair and auth secret. `subscription` is what
 * PushSubscription.toJSON() gives; `decrypt` opens an aes128gcm message (RFC 8188 and 8291) the
 * way the browser would, so a test reads what the push service was given.
 */
export function createBrowserPushKeys() {
  const ecdh = crypto.createECDH('prime256v1')
  const userAgentPublic = ecdh.generateKeys()
  const authSecret = crypto.randomBytes(16)
  return {
    subscription: (endpoint: string) => ({
      endpoint,
      keys: { p256dh: userAgentPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    }),
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16)
      const idLength = body.readUInt8(20)
      const serverPublic = body.subarray(21, 21 + idLength)
      const record = body.subarray(21 + idLength)
      const sharedSecret = ecdh.computeSecret(serverPublic)
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), userAgentPublic, serverPublic])
      const ikm = hmac(hmac(authSecret, sharedSecret), Buffer.concat([keyInfo, Buffer.from([1])]))
      const prk = hmac(salt, ikm)
      const key = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
      const decipher = crypto.createDecipheriv('aes-128-gcm', key, nonce)
      decipher.setAuthTag(record.subarray(record.length - 16))
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ])
      // The last record ends with the delimiter 2 followed by zero padding.
      const end = padded.lastIndexOf(2)
      return padded.subarray(0, end).toString('utf8')
    },
  }
}
