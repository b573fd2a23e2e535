import net, { type AddressInfo } from 'node:net'

/** One message a stand-in SMTP server received. */
export interface ReceivedMail {
  from: string
  to: string[]
  data: string
}

/**
 * Just enough of an SMTP server on a real socket on 127.0.0.1 (no extensions, no authentication)
 * to receive mail, or to refuse a recipient the way a real server does (`550 5.1.1 ...`) when
 * `refuse` says so. `smtpUrl` is what SMTP_URL takes. The one stand-in of the integration tests
 * and the journeys (e2e imports it from here); it imports nothing of the server.
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
