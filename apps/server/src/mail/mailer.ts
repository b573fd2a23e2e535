import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

export interface MailerOptions {
  /** smtp(s)://user:password@host:port: mail is really sent. Without it, mail goes to the outbox. */
  smtpUrl?: string
  from: string
  dataDir: string
  logger: Logger
}

/** Where mail is written when no SMTP server is configured: one RFC 822 `.eml` file per message. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox')
}

/**
 * Kropla's mail. With SMTP_URL it goes out through nodemailer; without it, each message is written
 * as an `.eml` file to DATA_DIR/outbox and logged, so password reset and invitations work on a laptop.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { logger } = options
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from })
    return {
      async send(message) {
        const info = await transport.sendMail(message)
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent')
      },
    }
  }
  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from: options.from },
  )
  const dir = outboxDir(options.dataDir)
  return {
    async send(message) {
      const info = await transport.sendMail(message)
      await fs.mkdir(dir, { recursive: true, mode: 0o700 })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 })
      logger.info({ to: message.to, subject: message.subject, file }, `mail written to ${file}`)
    },
  }
}
