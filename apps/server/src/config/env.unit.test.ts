import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './env'

describe('configuration', () => {
  it('has safe defaults', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({ PORT: 8080, MQTT_PORT: 1883, DATA_DIR: './data', DEMO: false })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('names every bad variable with its value and what is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MQTT_PORT: '70000' })).toThrow(
      ConfigError,
    )
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', MQTT_PORT: '70000' })
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('PORT="eighty"')
      expect(message).toContain('DATABASE_URL="mysql://x"')
      expect(message).toContain('postgres://')
      expect(message).toContain('MQTT_PORT="70000"')
    }
  })

  it('treats an empty variable as unset and reads flags', () => {
    const config = loadConfig({ DATABASE_URL: '', DEMO: '1' })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.DEMO).toBe(true)
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/)
  })

  it('keeps the audit log 400 days unless told otherwise, and refuses a retention that is no number of days', () => {
    expect(loadConfig({}).AUDIT_RETENTION_DAYS).toBe(400)
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).AUDIT_RETENTION_DAYS).toBe(30)
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS="0"/)
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: 'forever' })).toThrow(/AUDIT_RETENTION_DAYS/)
  })

  it('takes an http(s) geocoder address, and none by default', () => {
    expect(loadConfig({}).GEOCODER_URL).toBeUndefined()
    expect(loadConfig({ GEOCODER_URL: 'https://nominatim.example.org' }).GEOCODER_URL).toBe(
      'https://nominatim.example.org',
    )
    expect(() => loadConfig({ GEOCODER_URL: 'nominatim.example.org' })).toThrow(/GEOCODER_URL/)
  })
})
