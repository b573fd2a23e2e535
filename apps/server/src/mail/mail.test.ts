import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../test/outbox'
import { startStandInSmtp } from '../test/stand-in-smtp'
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

describe('mail with SMTP_URL', () => {
  it('is sent to the SMTP server, and nothing is written to the outbox', async () => {
    const smtp = await startStandInSmtp()
    const smtpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kropla-smtp-'))
    try {
      const mailer = createMailer({
        smtpUrl: smtp.smtpUrl,
        from: 'Kropla <no-reply@kropla.app>',
        dataDir: smtpDir,
        logger: pino({ level: 'silent' }),
      })
      await mailer.send({ to: 'ewa@example.com', subject: 'Kropla: set a new password', text: 'Hello' })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]?.from).toContain('<no-reply@kropla.app>')
      expect(smtp.received[0]?.to).toEqual(['ewa@example.com'])
      expect(smtp.received[0]?.data).toMatch(/^Subject: Kropla: set a new password$/m)
      expect(readOutbox(smtpDir)).toEqual([])
    } finally {
      await smtp.close()
      fs.rmSync(smtpDir, { recursive: true, force: true })
    }
  })
})
