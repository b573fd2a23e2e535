import crypto from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'

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

/** One message a stand-in SMTP server received. */
export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

/**
 * Just enough of an SMTP server on a real socket on 127.0.0.1 (no extensions, no authentication)
 * to receive mail, or to refuse a recipient the way a real server does (`550 5.1.1 ...`) when
 * `refuse` says so. `smtpUrl` is what SMTP_URL takes.
 */
export async function startStandInSmtp(refuse: (recipient: string) => boolean = () => false) {
  const received: ReceivedMail[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let message: ReceivedMail = { from: '', to: [], data: '' }
    socket.write('220 stand-in ESMTP\r\n')
    socket.on('error', () => socket.destroy())
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          message.data = buffer.slice(0, end)
          buffer = buffer.slice(end + 5)
          inData = false
          received.push(message)
          message = { from: '', to: [], data: '' }
          socket.write('250 2.0.0 queued\r\n')
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline === -1) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 stand-in\r\n')
        else if (verb === 'MAIL') {
          message.from = line
          socket.write('250 2.1.0 ok\r\n')
        } else if (verb === 'RCPT') {
          const recipient = /<([^>]*)>/.exec(line)?.[1] ?? ''
          if (refuse(recipient)) socket.write('550 5.1.1 mailbox unavailable\r\n')
          else {
            message.to.push(recipient)
            socket.write('250 2.1.5 ok\r\n')
          }
        } else if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'RSET') {
          message = { from: '', to: [], data: '' }
          socket.write('250 ok\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
      }),
  }
}
