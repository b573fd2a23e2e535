import { describe, expect, it } from 'vitest'
import { describeUserAgent } from './describe-user-agent'

describe('devices in the sessions list', () => {
  it('names common browsers and systems', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' })
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', os: 'iOS' })
    expect(describeUserAgent('Mozilla/5.0 (Android 15; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0')).toEqual(
      {
        browser: 'Firefox',
        os: 'Android',
      },
    )
    expect(
      describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36'),
    ).toEqual({ browser: 'Chrome', os: 'Linux' })
  })

  it('gives up on what it cannot read', () => {
    expect(describeUserAgent('')).toBeNull()
    expect(describeUserAgent('curl/8.5.0')).toBeNull()
  })
})
