import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import type { NotificationChannel } from './channels'

/** Sends one text message; throws when the provider does not take it (the notification is retried). */
export interface SmsProvider {
  send(to: string, text: string): Promise<void>
}

/** How long an SMS provider may take to answer before the attempt counts as failed. */
const providerTimeoutMs = 20_000

/**
 * A generic HTTP SMS gateway: `POST <SMS_URL>` with `{"to": "+48...", "text": "..."}` as JSON and
 * `Authorization: Bearer <SMS_TOKEN>` when a token is set; any 2xx answer means accepted.
 */
export function createHttpSmsProvider(url: string, token: string | undefined): SmsProvider {
  return {
    async send(to, text) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(providerTimeoutMs),
      })
      if (!answer.ok) throw new Error(`SMS provider answered ${answer.status}`)
    },
  }
}

/** Where SMS go when no provider is configured: one JSON file `{to, text}` per message. */
export function smsOutboxDir(dataDir: string): string {
  return path.join(dataDir, 'sms-outbox')
}

export function createSmsOutbox(dataDir: string, logger: Logger): SmsProvider {
  const dir = smsOutboxDir(dataDir)
  return {
    async send(to, text) {
      await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.json`)
      await fs.promises.writeFile(file, `${JSON.stringify({ to, text }, null, 2)}\n`, { mode: 0o600 })
      logger.info({ to, file }, `SMS written to ${file}`)
    },
  }
}

/** The SMS written to the outbox, oldest first: for tests and for a look on a laptop. */
export function readSmsOutbox(dataDir: string): { file: string; to: string; text: string }[] {
  const dir = smsOutboxDir(dataDir)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name)
      const { to, text } = JSON.parse(fs.readFileSync(file, 'utf8')) as { to: string; text: string }
      return { file, to, text }
    })
}

/** Alarm SMS to the user's phone number; without one the notification is skipped, not retried. */
export function createSmsChannel(provider: SmsProvider): NotificationChannel {
  return {
    name: 'sms',
    async deliver(recipient, message) {
      const phone = recipient.phone.trim()
      if (!phone) return { status: 'skipped', reason: 'no phone number' }
      await provider.send(phone, message.sms)
      return { status: 'sent' }
    },
  }
}
