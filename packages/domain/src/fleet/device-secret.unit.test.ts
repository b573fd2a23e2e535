import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  deviceSecretFromBytes,
  deviceSecretLength,
  deviceSecretSchema,
  fleetSecretEntrySchema,
} from './device-secret'
import { fleetModuleSchema } from './fleet-module'

describe('device secrets', () => {
  it('are 32 bytes as base64url without padding: 43 characters, the same as Node writes them', () => {
    for (let i = 0; i < 200; i++) {
      const bytes = randomBytes(32)
      const secret = deviceSecretFromBytes(bytes)
      expect(secret).toBe(bytes.toString('base64url'))
      expect(secret).toHaveLength(deviceSecretLength)
      expect(deviceSecretSchema.safeParse(secret).success).toBe(true)
    }
    expect(deviceSecretFromBytes(new Uint8Array(32).fill(255))).toBe(`${'_'.repeat(42)}8`)
  })

  it('refuse any draw but 32 bytes, so a short or empty one never becomes a weak secret', () => {
    expect(() => deviceSecretFromBytes(new Uint8Array(0))).toThrow(RangeError)
    expect(() => deviceSecretFromBytes(new Uint8Array(31))).toThrow(RangeError)
    expect(() => deviceSecretFromBytes(new Uint8Array(33))).toThrow(RangeError)
  })

  it('refuse text that is not one: a PIN, padding, other characters, the wrong length', () => {
    const secret = deviceSecretFromBytes(randomBytes(32))
    for (const bad of ['1234', `${secret}=`, `${secret.slice(0, 42)}+`, secret.slice(1), `${secret}A`])
      expect(deviceSecretSchema.safeParse(bad).error?.issues[0]?.message).toBe('errors.secret_invalid')
  })

  it('are optional on a fleet entry: without one the module logs in with its PIN', () => {
    const secret = deviceSecretFromBytes(randomBytes(32))
    const module = { serial: 'SN-1', pin: '1234', model: 'AM-100-103' }
    expect(fleetModuleSchema.parse(module)).toEqual(module)
    expect(fleetModuleSchema.parse({ ...module, secret })).toEqual({ ...module, secret })
    expect(fleetModuleSchema.safeParse({ ...module, secret: '1234' }).success).toBe(false)
  })

  it('in a fleet file: a secret, `none` (made before secrets) or empty (left to the command line)', () => {
    const secret = deviceSecretFromBytes(randomBytes(32))
    expect(fleetSecretEntrySchema.parse(` ${secret} `)).toBe(secret)
    expect(fleetSecretEntrySchema.parse('None')).toBe('none')
    expect(fleetSecretEntrySchema.parse('')).toBeUndefined()
    expect(fleetSecretEntrySchema.safeParse('secret').error?.issues[0]?.message).toBe('errors.secret_invalid')
  })
})
