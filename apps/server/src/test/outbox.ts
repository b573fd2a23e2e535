import fs from 'node:fs'
import path from 'node:path'
import { outboxDir } from '../mail/mailer'

export interface OutboxMail {
  file: string
  to: string
  subject: string
  text: string
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/)
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3)
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes)
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8')
    default:
      return body
  }
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replaceAll('_', ' ')).toString('utf8'),
    )
}

function textOf(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) {
    return decodeBody(body, headers.get('content-transfer-encoding'))
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const parsed = splitHeaders(part.replace(/^\r?\n/, ''))
    const partType = parsed.headers.get('content-type') ?? 'text/plain'
    if (partType.toLowerCase().startsWith('text/plain') || partType.toLowerCase().startsWith('multipart/')) {
      return textOf(parsed.headers, parsed.body)
    }
  }
  return ''
}

/** Reads back the mail written to the outbox (oldest first): for tests and for a look on a laptop. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(dir, name)
      const { headers, body } = splitHeaders(fs.readFileSync(file, 'utf8'))
      return {
        file,
        to: decodeHeader(headers.get('to') ?? ''),
        subject: decodeHeader(headers.get('subject') ?? ''),
        text: textOf(headers, body).replace(/\r\n/g, '\n'),
      }
    })
}
