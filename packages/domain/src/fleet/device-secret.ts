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
