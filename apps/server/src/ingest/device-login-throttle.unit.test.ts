import { describe, expect, it } from 'vitest'
import { normalizeAddress, throttleAddress } from './device-login'
import {
  createDeviceLoginThrottle,
  type DeviceLoginAttempt,
  deviceLoginPolicies,
} from './device-login-throttle'

function setup(options: Parameters<typeof createDeviceLoginThrottle>[0] = {}) {
  let clock = 1_000_000
  const throttle = createDeviceLoginThrottle({ now: () => clock, ...options })
  /** One login attempt: the wait it met, or whether its password was checked and what followed. */
  const attempt = (serial: string | null, address: string, rightPin: boolean, pinLogin = true) => {
    const started = throttle.begin(serial, address, { pinLogin })
    if ('waitMs' in started) return { checked: false as const, waitMs: started.waitMs }
    if (rightPin) {
      throttle.succeeded(started.attempt)
      return { checked: true as const, ok: true, waitMs: 0 }
    }
    return { checked: true as const, ok: false, waitMs: throttle.failed(started.attempt) }
  }
  return { throttle, attempt, advance: (ms: number) => (clock += ms) }
}

describe('device login throttle', () => {
  it('lets five wrong PINs through, then doubles the wait from 1 s up to 15 min per serial and address', () => {
    const { attempt, advance } = setup()
    for (let i = 0; i < 4; i++)
      expect(attempt('S1', '10.0.0.9', false)).toEqual({ checked: true, ok: false, waitMs: 0 })
    expect(attempt('S1', '10.0.0.9', false)).toEqual({ checked: true, ok: false, waitMs: 1000 })
    // While waiting: refused without checking, even the right PIN, and nothing more is counted.
    expect(attempt('S1', '10.0.0.9', true)).toEqual({ checked: false, waitMs: 1000 })
    advance(1000)
    expect(attempt('S1', '10.0.0.9', false).waitMs).toBe(2000)
    advance(2000)
    expect(attempt('S1', '10.0.0.9', false).waitMs).toBe(4000)
    for (let i = 0; i < 20; i++) {
      advance(deviceLoginPolicies.pair.capMs)
      attempt('S1', '10.0.0.9', false)
    }
    expect(attempt('S1', '10.0.0.9', false)).toEqual({
      checked: false,
      waitMs: deviceLoginPolicies.pair.capMs,
    })
  })

  it('slows guessing spread over many addresses by the serial counter, capped at 5 min', () => {
    const { attempt } = setup()
    for (let i = 0; i < 20; i++) attempt('S1', `10.0.1.${i}`, false)
    expect(attempt('S1', '10.0.2.1', false)).toEqual({ checked: false, waitMs: 1000 })
    // Other modules are not concerned.
    expect(attempt('S2', '10.0.2.1', true)).toMatchObject({ checked: true, ok: true })
  })

  it('always checks a module with a device secret at the address it last logged in from', () => {
    const { attempt } = setup()
    expect(attempt('S1', '192.0.2.7', true, false)).toMatchObject({ ok: true })
    for (let i = 0; i < 40; i++) attempt('S1', `10.0.3.${i % 4}`, false, false)
    // An attacker has blocked the serial everywhere else...
    expect(attempt('S1', '10.0.9.9', true, false)).toMatchObject({ checked: false })
    // ...but not where the module lives, and its logins there do not unblock the attacker.
    expect(attempt('S1', '192.0.2.7', true, false)).toMatchObject({ checked: true, ok: true })
    expect(attempt('S1', '10.0.3.1', false, false)).toMatchObject({ checked: false })
    // 256 random bits cannot be guessed: failures there never make the module wait.
    for (let i = 0; i < 100; i++) attempt('S1', '192.0.2.7', false, false)
    expect(attempt('S1', '192.0.2.7', true, false)).toMatchObject({ checked: true, ok: true })
  })

  it('slows PIN guessing from the address a module on PIN logins last logged in from, by its serial counter', () => {
    const { attempt, advance } = setup()
    expect(attempt('S1', '192.0.2.7', true)).toMatchObject({ ok: true })
    // Someone behind the module's NAT: 20 wrong PINs are checked, then the serial waits, there too.
    for (let i = 0; i < 19; i++) expect(attempt('S1', '192.0.2.7', false)).toMatchObject({ waitMs: 0 })
    expect(attempt('S1', '192.0.2.7', false)).toEqual({ checked: true, ok: false, waitMs: 1000 })
    expect(attempt('S1', '192.0.2.7', true)).toEqual({ checked: false, waitMs: 1000 })
    // Only the serial counter holds it there (the pair's 5 free failures are long past), capped at 5 min.
    advance(1000)
    expect(attempt('S1', '192.0.2.7', false).waitMs).toBe(2000)
    for (let i = 0; i < 20; i++) {
      advance(deviceLoginPolicies.serial.capMs)
      attempt('S1', '192.0.2.7', false)
    }
    expect(attempt('S1', '192.0.2.7', true)).toEqual({
      checked: false,
      waitMs: deviceLoginPolicies.serial.capMs,
    })
    // When the wait is over the module gets in, and its right PIN takes one failure back.
    advance(deviceLoginPolicies.serial.capMs)
    expect(attempt('S1', '192.0.2.7', true)).toMatchObject({ checked: true, ok: true })
  })

  it('does not hold a farm behind one address back for its modules logging in right', () => {
    const { attempt } = setup()
    for (let i = 0; i < 500; i++) expect(attempt(`S${i}`, '198.51.100.1', true)).toMatchObject({ ok: true })
    for (let i = 0; i < 49; i++) attempt(null, '198.51.100.1', false)
    expect(attempt('S9', '198.51.100.1', true)).toMatchObject({ ok: true })
  })

  it('counts made-up serials on the address only', () => {
    const { attempt, throttle } = setup()
    for (let i = 0; i < 50; i++) attempt(null, '203.0.113.5', false)
    expect(attempt(null, '203.0.113.5', false)).toEqual({ checked: false, waitMs: 1000 })
    expect(throttle.size).toBe(1)
  })

  it('forgets a counter a day after its last failure', () => {
    const { attempt, advance } = setup()
    for (let i = 0; i < 5; i++) attempt('S1', '10.0.0.9', false)
    expect(attempt('S1', '10.0.0.9', true)).toMatchObject({ checked: false })
    advance(deviceLoginPolicies.pair.forgetMs + 1)
    expect(attempt('S1', '10.0.0.9', false)).toEqual({ checked: true, ok: false, waitMs: 0 })
  })

  it('keeps its memory bounded, forgetting the entries written longest ago', () => {
    const { attempt, throttle } = setup({ capacity: 100 })
    for (let i = 0; i < 1000; i++) attempt(`S${i}`, `10.1.${i >> 8}.${i & 255}`, false)
    expect(throttle.size).toBeLessThanOrEqual(400)
  })

  it('counts parallel attempts before their PINs are checked', () => {
    const { throttle } = setup()
    const started = Array.from({ length: 10 }, () => throttle.begin('S1', '10.0.0.9'))
    expect(started.filter((s) => 'attempt' in s)).toHaveLength(5)
    // The right PIN among them takes only its own attempt back and clears the pair.
    const allowed = started.find((s): s is { attempt: DeviceLoginAttempt } => 'attempt' in s)!
    throttle.succeeded(allowed.attempt)
    expect('attempt' in throttle.begin('S1', '10.0.0.9')).toBe(true)
  })
})

describe('the address failed logins are counted under', () => {
  it.each([
    ['10.0.0.1', '10.0.0.1'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::7', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2::ffff:1.2.3.4', '2001:db8:1:2::/64'],
    ['64:ff9b::1.2.3.4', '64:ff9b:0:0::/64'],
  ])('counts %s as %s', (address, expected) => {
    expect(throttleAddress(normalizeAddress(address))).toBe(expected)
  })
})
