import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { deviceSecretLength, deviceSecretSchema, fleetSecretEntrySchema } from './device-secret'
import { fleetModuleSchema } from './fleet-module'

describe('device secrets', () => {
  it('are 32 bytes as base64url without padding: 43 characters', () => {
    for (let i = 0; i < 200; i++) {
      const secret = randomBytes(32).toString('base64url')
      expect(secret).toHaveLength(deviceSecretLength)
      expect(deviceSecretSchema.safeParse(secret).success).toBe(true)
    }
    expect(deviceSecretSchema.parse(Buffer.alloc(32, 255).toString('base64url'))).toBe(`${'_'.repeat(42)}8`)
  })

  it('refuse text that is not one: a PIN, padding, other characters, the wrong length', () => {
    const secret = randomBytes(32).toString('base64url')
    for (const bad of ['1234', `${secret}=`, `${secret.slice(0, 42)}+`, secret.slice(1), `${secret}A`])
      expect(deviceSecretSchema.safeParse(bad).error?.issues[0]?.message).toBe('errors.secret_invalid')
  })

  it('are optional on a fleet entry: without one the module logs in with its PIN', () => {
    const secret = randomBytes(32).toString('base64url')
    const module = { serial: 'SN-1', pin: '1234', model: 'AM-100-103' }
    expect(fleetModuleSchema.parse(module)).toEqual(module)
    expect(fleetModuleSchema.parse({ ...module, secret })).toEqual({ ...module, secret })
    expect(fleetModuleSchema.safeParse({ ...module, secret: '1234' }).success).toBe(false)
  })

  it('in a fleet file: a secret, `none` (made before secrets) or empty (left to the command line)', () => {
    const secret = randomBytes(32).toString('base64url')
    expect(fleetSecretEntrySchema.parse(` ${secret} `)).toBe(secret)
    expect(fleetSecretEntrySchema.parse('None')).toBe('none')
    expect(fleetSecretEntrySchema.parse('')).toBeUndefined()
    expect(fleetSecretEntrySchema.safeParse('secret').error?.issues[0]?.message).toBe('errors.secret_invalid')
  })
})
