import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { type DeviceSecret, deviceSecretBytes } from '@kropla/domain'

/** A new device secret: 32 bytes from the operating system's generator, base64url (ADR 0087). */
export function newDeviceSecret(): DeviceSecret {
  return randomBytes(deviceSecretBytes).toString('base64url')
}

/**
 * What the server keeps of a device secret: the hex SHA-256 of its characters. A plain hash is
 * enough (no salt, no slow hash): the secret is 256 random bits, not a password a person chose.
 */
export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/**
 * Whether `given` is the secret of that hash, in constant time: both sides are 32-byte digests,
 * whatever was given, so the comparison neither stops early nor depends on the length given.
 */
export function matchesSecretHash(secretHash: string, given: string): boolean {
  const expected = Buffer.from(secretHash, 'hex')
  const actual = createHash('sha256').update(given, 'utf8').digest()
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
