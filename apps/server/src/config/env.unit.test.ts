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

  it('reads ALLOWED_HOSTS as names the server is reached by, and refuses what is no host', () => {
    expect(loadConfig({}).ALLOWED_HOSTS).toEqual([])
    expect(
      loadConfig({ ALLOWED_HOSTS: ' Farm.Example.com, 192.168.1.10:8080,https://kropla.example:443,' })
        .ALLOWED_HOSTS,
    ).toEqual([
      { host: 'farm.example.com', origin: 'http://farm.example.com' },
      { host: '192.168.1.10:8080', origin: 'http://192.168.1.10:8080' },
      { host: 'kropla.example', origin: 'https://kropla.example' },
    ])
    for (const bad of [
      'farm.example.com/reset',
      'ftp://farm.example.com',
      'user@farm.example.com',
      '*.example.com',
      'a b',
    ])
      expect(() => loadConfig({ ALLOWED_HOSTS: `farm.example.com,${bad}` }), bad).toThrow(/ALLOWED_HOSTS=/)
  })

  it('refuses to start in production without PUBLIC_URL or ALLOWED_HOSTS, saying which to set and why', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /NODE_ENV="production": production needs PUBLIC_URL .* or ALLOWED_HOSTS .*Host header/,
    )
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: '', ALLOWED_HOSTS: ' , ' })).toThrow(
      /NODE_ENV/,
    )
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://kropla.example.com' }).PUBLIC_URL).toBe(
      'https://kropla.example.com',
    )
    expect(
      loadConfig({ NODE_ENV: 'production', ALLOWED_HOSTS: 'kropla.example.com' }).ALLOWED_HOSTS,
    ).toHaveLength(1)
    // Development and tests keep working without either: links then name the address listened on.
    expect(loadConfig({ NODE_ENV: 'development' }).PUBLIC_URL).toBeUndefined()
    expect(loadConfig({ NODE_ENV: 'test' }).PUBLIC_URL).toBeUndefined()
  })

  it('limits sockets to 20 per user and 100 per address unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ SOCKET_MAX_PER_USER: 20, SOCKET_MAX_PER_ADDRESS: 100 })
    expect(loadConfig({ SOCKET_MAX_PER_USER: '5', SOCKET_MAX_PER_ADDRESS: '1000' })).toMatchObject({
      SOCKET_MAX_PER_USER: 5,
      SOCKET_MAX_PER_ADDRESS: 1000,
    })
    expect(() => loadConfig({ SOCKET_MAX_PER_USER: '0' })).toThrow(/SOCKET_MAX_PER_USER="0"/)
    expect(() => loadConfig({ SOCKET_MAX_PER_ADDRESS: 'many' })).toThrow(/SOCKET_MAX_PER_ADDRESS/)
  })
  it('keeps an external Mosquitto in step only when told, and only with the user MQTT_URL logs in as', () => {
    expect(loadConfig({})).toMatchObject({ MQTT_DYNSEC: false, MQTT_DYNSEC_SYNC_MS: 3000 })
    expect(
      loadConfig({ MQTT_URL: 'mqtt://kropla:pw@broker:1883', MQTT_DYNSEC: '1', MQTT_DYNSEC_SYNC_MS: '1000' }),
    ).toMatchObject({ MQTT_DYNSEC: true, MQTT_DYNSEC_SYNC_MS: 1000 })
    expect(() => loadConfig({ MQTT_DYNSEC: '1' })).toThrow(/MQTT_DYNSEC="1": needs MQTT_URL with the user/)
    expect(() => loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_DYNSEC: 'yes' })).toThrow(/MQTT_DYNSEC/)
    expect(() => loadConfig({ MQTT_DYNSEC: 'maybe' })).toThrow(/MQTT_DYNSEC="maybe"/)
    expect(() => loadConfig({ MQTT_DYNSEC_SYNC_MS: '10' })).toThrow(/MQTT_DYNSEC_SYNC_MS="10"/)
    // The HTTP hook's token: long enough not to be guessed, or no hook.
    expect(loadConfig({}).MQTT_HOOK_TOKEN).toBeUndefined()
    expect(() => loadConfig({ MQTT_HOOK_TOKEN: 'short' })).toThrow(
      /MQTT_HOOK_TOKEN="short": must be at least 32/,
    )
  })
})
