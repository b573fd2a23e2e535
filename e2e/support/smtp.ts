import net from 'node:net'

/** One message the stand-in SMTP server took. */
export interface ReceivedMail {
  to: string[]
  data: string
}

/**
 * Just enough of an SMTP server on a real socket on 127.0.0.1 for a journey's server to send to
 * (SMTP_URL): it takes every message and keeps it, so the journey sees the mail arrive.
 */
export async function startStandInSmtp() {
  const received: ReceivedMail[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let message: ReceivedMail = { to: [], data: '' }
    socket.on('error', () => socket.destroy())
    socket.write('220 stand-in ESMTP\r\n')
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
          message = { to: [], data: '' }
          socket.write('250 2.0.0 queued\r\n')
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline === -1) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'RCPT') message.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '')
        if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 stand-in\r\n' : '250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return {
    smtpUrl: `smtp://127.0.0.1:${address.port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
