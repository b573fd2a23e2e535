import { describe, expect, it } from 'vitest'
import { clientAccountSchema } from '../accounts/client-account'
import { registerRequestSchema } from '../accounts/registration'
import { isTimeZoneName, timeZoneSchema } from './time-zone'

describe('a farm time zone', () => {
  it('accepts IANA names a browser reports, aliases and UTC included', () => {
    for (const zone of [
      'Europe/Warsaw',
      'America/New_York',
      'America/Argentina/Buenos_Aires',
      'UTC',
      'Asia/Calcutta',
      'Etc/GMT+2',
    ])
      expect(isTimeZoneName(zone)).toBe(true)
  })

  it('refuses unknown names, bare offsets and junk with the catalogue error', () => {
    for (const zone of ['Mars/Olympus', '+01:00', 'GMT+1', '', 'Europe/Warsaw; drop table', 'x'.repeat(80)]) {
      const result = timeZoneSchema.safeParse(zone)
      expect(result.success, zone).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('errors.time_zone_invalid')
    }
  })

  it('is required in the client account data and optional at registration', () => {
    const shape = clientAccountSchema.shape.time_zone
    expect(shape.safeParse('America/New_York').success).toBe(true)
    expect(shape.safeParse(undefined).success).toBe(false)
    expect(registerRequestSchema.shape.time_zone.safeParse(undefined).success).toBe(true)
    expect(registerRequestSchema.shape.time_zone.safeParse('Mars/Olympus').success).toBe(false)
  })
})
