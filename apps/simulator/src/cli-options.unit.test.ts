import { describe, expect, it } from 'vitest'
import { parseCliOptions } from './cli-options'

describe('command line options', () => {
  it('defaults to the local broker and a 10-second interval', () => {
    expect(parseCliOptions([], {})).toEqual({
      mqttUrl: 'mqtt://127.0.0.1:1883',
      intervalSeconds: 10,
      seed: undefined,
      httpUrl: undefined,
      secretsFile: 'data/demo-module-secrets.json',
    })
    expect(parseCliOptions([], { MQTT_PORT: '1884' })).toMatchObject({ mqttUrl: 'mqtt://127.0.0.1:1884' })
  })

  it('takes the environment, and the command line over it', () => {
    const env = { MQTT_URL: 'mqtt://broker:1883', SIM_INTERVAL: '30', SIM_SEED: '4' }
    expect(parseCliOptions([], env)).toEqual({
      mqttUrl: 'mqtt://broker:1883',
      intervalSeconds: 30,
      seed: 4,
      httpUrl: undefined,
      secretsFile: 'data/demo-module-secrets.json',
    })
    expect(parseCliOptions(['--mqtt', 'mqtts://other:8883', '--interval', '2.5'], env)).toEqual({
      mqttUrl: 'mqtts://other:8883',
      intervalSeconds: 2.5,
      seed: 4,
      httpUrl: undefined,
      secretsFile: 'data/demo-module-secrets.json',
    })
    expect(
      parseCliOptions(['--http', 'http://127.0.0.1:8080'], { SIM_HTTP_URL: 'http://x:1' }),
    ).toMatchObject({
      httpUrl: 'http://127.0.0.1:8080',
    })
    expect(parseCliOptions([], { SIM_HTTP_URL: 'https://kropla.example' })).toMatchObject({
      httpUrl: 'https://kropla.example',
    })
  })

  it("reads the modules' secrets from the server's data directory unless told otherwise", () => {
    expect(parseCliOptions([], { DATA_DIR: '/var/lib/kropla' })).toMatchObject({
      secretsFile: '/var/lib/kropla/demo-module-secrets.json',
    })
    expect(parseCliOptions([], { DATA_DIR: '/var/lib/kropla', SIM_SECRETS: '/etc/sim.json' })).toMatchObject({
      secretsFile: '/etc/sim.json',
    })
    expect(parseCliOptions(['--secrets', 'mine.json'], { SIM_SECRETS: '/etc/sim.json' })).toMatchObject({
      secretsFile: 'mine.json',
    })
  })

  it('refuses bad values with the reason', () => {
    expect(() => parseCliOptions(['--interval', '0'], {})).toThrow(/--interval/)
    expect(() => parseCliOptions(['--interval', 'soon'], {})).toThrow(/--interval/)
    expect(() => parseCliOptions(['--mqtt', 'http://x'], {})).toThrow(/unsupported scheme/)
    expect(() => parseCliOptions(['--mqtt', 'not a url'], {})).toThrow(/not a URL/)
    expect(() => parseCliOptions(['--seed', '1.5'], {})).toThrow(/--seed/)
    expect(() => parseCliOptions(['--http', 'mqtt://x'], {})).toThrow(/--http/)
    expect(() => parseCliOptions(['--speed', '3'], {})).toThrow()
  })

  it('asks for help', () => {
    expect(parseCliOptions(['--help'], {})).toBe('help')
  })
})
