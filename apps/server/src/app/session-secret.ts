import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** SESSION_SECRET, or one generated once and kept in the data directory (readable by this user only). */
export function loadSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured
  const file = path.join(dataDir, 'session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = randomBytes(48).toString('base64url')
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' })
    return secret
  }
}
