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
})
