import fs from 'node:fs'
import path from 'node:path'

/**
 * The mail the server wrote without SMTP_URL: one `.eml` file per message in `${DATA_DIR}/outbox/`.
 * Read here as a mail client would, with a parser of its own (headers, MIME parts, quoted-printable,
 * base64, encoded words), so the journeys do not trust the server's reading of its own files.
 */
export interface Mail {
  file: string
  to: string
  subject: string
  /** The plain-text body, decoded, with `\n` line ends. */
  text: string
}

const outboxOf = (dataDir: string) => path.join(dataDir, 'outbox')

/** The names of the mail files there now; pass it to `waitForMail` to wait for a newer one. */
export function outboxMark(dataDir: string): Set<string> {
  const dir = outboxOf(dataDir)
  return new Set(fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith('.eml')) : [])
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw)
  const head = match ? raw.slice(0, match.index) : raw
  const body = match ? raw.slice(match.index + match[0].length) : ''
  const headers = new Map<string, string>()
  // Folded header lines continue with white space.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function quotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3)
    if (joined[index] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes)
}

function decodeBody(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
    case 'quoted-printable':
      return quotedPrintable(body).toString('utf8')
    default:
      return body
  }
}

/** RFC 2047: `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`, adjacent words joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replaceAll('_', ' ')).toString('utf8'),
    )
}

/** The first text/plain part, however deep the multipart nesting. */
function plainText(headers: Map<string, string>, body: string): string | null {
  const type = (headers.get('content-type') ?? 'text/plain').toLowerCase()
  if (type.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1]
    if (!boundary) return null
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break
      const parsed = splitHeaders(part.replace(/^\r?\n/, ''))
      const text = plainText(parsed.headers, parsed.body)
      if (text !== null) return text
    }
    return null
  }
  return type.startsWith('text/plain') ? decodeBody(body, headers.get('content-transfer-encoding')) : null
}

export function parseMail(file: string): Mail {
  const { headers, body } = splitHeaders(fs.readFileSync(file, 'utf8'))
  return {
    file,
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: (plainText(headers, body) ?? '').replace(/\r\n/g, '\n'),
  }
}

/** Every mail written since `mark` (oldest first: the file names start with the time). */
export function mailSince(dataDir: string, mark: ReadonlySet<string>): Mail[] {
  const dir = outboxOf(dataDir)
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml') && !mark.has(name))
    .sort()
    .map((name) => parseMail(path.join(dir, name)))
}

/**
 * The newest mail to `to` written since `mark`; waits for it (the server writes the file before it
 * answers, so it is normally there at once).
 */
export async function waitForMail(
  dataDir: string,
  options: { to: string; mark: ReadonlySet<string>; timeoutMs?: number },
): Promise<Mail> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000)
  for (;;) {
    const mail = mailSince(dataDir, options.mark)
      .filter((candidate) => candidate.to.toLowerCase().includes(options.to.toLowerCase()))
      .at(-1)
    if (mail) return mail
    if (Date.now() > deadline) {
      const others = mailSince(dataDir, options.mark).map((other) => `${other.to}: ${other.subject}`)
      throw new Error(`no mail to ${options.to} in the outbox (new mail: ${others.join('; ') || 'none'})`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The one link in the mail's text that opens `route` of the app at `baseUrl` (`/#/pass_reset?token=...`). */
export function linkIn(mail: Mail, baseUrl: string, route: string): string {
  const prefix = `${baseUrl}/#${route}`
  const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).filter((link) => link.startsWith(prefix))
  if (links.length !== 1) {
    throw new Error(
      `expected one ${prefix} link in the mail "${mail.subject}", found ${links.length}:\n${mail.text}`,
    )
  }
  return links[0]!
}
