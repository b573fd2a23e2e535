import { deviceSecretSchema } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { hashDeviceSecret, matchesSecretHash, newDeviceSecret } from './device-secret'

describe('device secrets on the server', () => {
  it('are drawn fresh each time, 43 characters of base64url', () => {
    const drawn = new Set(Array.from({ length: 100 }, () => newDeviceSecret()))
    expect(drawn.size).toBe(100)
    for (const secret of drawn) expect(deviceSecretSchema.parse(secret)).toBe(secret)
  })

  it('are kept as a SHA-256 that does not contain them, and match only themselves', () => {
    const secret = newDeviceSecret()
    const hash = hashDeviceSecret(secret)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain(secret)
    // The digest of the 43 characters, as `printf %s SECRET | sha256sum` gives it.
    expect(hashDeviceSecret('A'.repeat(43))).toBe(
      '0f007385b6f9d4b7eeb2748605afe1a984a0a3bfa3f014d09e2a784ce9e5cd1a',
    )
    expect(matchesSecretHash(hash, secret)).toBe(true)
    expect(matchesSecretHash(hash, newDeviceSecret())).toBe(false)
    expect(matchesSecretHash(hash, `${secret} `)).toBe(false)
    expect(matchesSecretHash(hash, '')).toBe(false)
    expect(matchesSecretHash(hash, hash)).toBe(false)
  })
})
