import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../test/outbox'
import { invitationMail, passwordResetMail } from './account-mail'
import { createMailer } from './mailer'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-mail-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

describe('mail without SMTP_URL', () => {
  it('is written to the outbox as an .eml file whose text and link read back intact, in Polish too', async () => {
    const mailer = createMailer({
      from: 'Kropla <no-reply@kropla.app>',
      dataDir,
      logger: pino({ level: 'silent' }),
    })
    const link = `http://127.0.0.1:8080/#/pass_reset?token=${'A-b_9'.repeat(9)}`
    const polish = passwordResetMail('pl', {
      link,
      email: 'jan@example.com',
      account: 'Gospodarstwo Łąka',
      minutes: 60,
    })
    await mailer.send({ to: 'jan@example.com', ...polish })
    const english = invitationMail('en', {
      link,
      email: 'ann@example.com',
      account: 'Green Acres',
      inviter: 'Jan Kowalski',
      days: 7,
    })
    await mailer.send({ to: 'ann@example.com', ...english, html: `<p>${link}</p>` })

    const [first, second] = readOutbox(dataDir)
    expect(first?.file.endsWith('.eml')).toBe(true)
    expect(first?.to).toBe('jan@example.com')
    expect(first?.subject).toBe('Kropla: ustaw nowe hasło')
    expect(first?.text).toContain('„Gospodarstwo Łąka”')
    expect(first?.text).toContain(link)
    expect(second?.to).toBe('ann@example.com')
    expect(second?.subject).toBe('Kropla: you are invited to the account "Green Acres"')
    expect(second?.text).toContain(`${link}\n`)
    expect(fs.readFileSync(first!.file, 'utf8')).toMatch(/^From: Kropla <no-reply@kropla\.app>/m)
  })
})

/** Just enough of an SMTP server to receive one message (no extensions, no authentication). */
function startSmtpServer() {
  const received: { from: string; to: string[]; data: string }[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let message = { from: '', to: [] as string[], data: '' }
    socket.write('220 test ESMTP\r\n')
    socket.on('data', (chunk) => {
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
          socket.write('250 queued\r\n')
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline === -1) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const verb = line.slice(0, 4).toUpperCase()
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n')
        else if (verb === 'MAIL') {
          message.from = line
          socket.write('250 ok\r\n')
        } else if (verb === 'RCPT') {
          message.to.push(line)
          socket.write('250 ok\r\n')
        } else if (verb === 'DATA') {
          inData = true
          socket.write('354 go on\r\n')
        } else if (verb === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  return new Promise<{ port: number; received: typeof received; close: () => void }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo
      resolve({ port: address.port, received, close: () => server.close() })
    })
  })
}

describe('mail with SMTP_URL', () => {
  it('is sent to the SMTP server, and nothing is written to the outbox', async () => {
    const smtp = await startSmtpServer()
    const smtpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-smtp-'))
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        from: 'Kropla <no-reply@kropla.app>',
        dataDir: smtpDir,
        logger: pino({ level: 'silent' }),
      })
      await mailer.send({ to: 'ewa@example.com', subject: 'Kropla: set a new password', text: 'Hello' })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]?.from).toContain('<no-reply@kropla.app>')
      expect(smtp.received[0]?.to).toEqual(['RCPT TO:<ewa@example.com>'])
      expect(smtp.received[0]?.data).toMatch(/^Subject: Kropla: set a new password$/m)
      expect(readOutbox(smtpDir)).toEqual([])
    } finally {
      smtp.close()
      fs.rmSync(smtpDir, { recursive: true, force: true })
    }
  })
})
