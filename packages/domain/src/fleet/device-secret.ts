import { z } from 'zod'

/**
 * A module's device secret (device protocol, Identity): 32 random bytes written into the module at
 * manufacture, base64url without padding (43 characters). The module logs in with it (MQTT
 * password, HTTP Basic password); the PIN is only the claim code that activates it in an account.
 * The server keeps only the secret's SHA-256 (ADR 0087).
 */
export const deviceSecretBytes = 32
export const deviceSecretLength = 43

const secretPattern = /^[A-Za-z0-9_-]{43}$/

export const deviceSecretSchema = z.string().trim().regex(secretPattern, { error: 'errors.secret_invalid' })
export type DeviceSecret = z.infer<typeof deviceSecretSchema>

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * The secret for 32 random bytes. The caller draws the bytes (the server from node:crypto): this
 * module stays free of I/O and of any source of randomness, and refuses anything but 32 bytes, so a
 * short or empty draw can never become a weak secret.
 */
export function deviceSecretFromBytes(bytes: Uint8Array): DeviceSecret {
  if (bytes.length !== deviceSecretBytes)
    throw new RangeError(`a device secret is ${deviceSecretBytes} bytes`)
  let text = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const left = bytes.length - i
    text += alphabet[(chunk >> 18) & 63]! + alphabet[(chunk >> 12) & 63]!
    if (left > 1) text += alphabet[(chunk >> 6) & 63]!
    if (left > 2) text += alphabet[chunk & 63]!
  }
  return text
}

/**
 * How a fleet entry (a CSV line, `kropla fleet add`) says a module logs in: its secret; `none` for
 * a module made before secrets (it logs in with its PIN); or empty, which the command line answers
 * by making a secret for a new module (the back office, which never shows a secret, by none).
 */
export const fleetSecretEntrySchema = z
  .string()
  .trim()
  .refine((text) => text === '' || text.toLowerCase() === 'none' || secretPattern.test(text), {
    error: 'errors.secret_invalid',
  })
  .transform((text) =>
    text === '' ? undefined : text.toLowerCase() === 'none' ? ('none' as const) : (text as DeviceSecret),
  )
export type FleetSecretEntry = z.output<typeof fleetSecretEntrySchema>
