import { describe, expect, it } from 'vitest'
import { accountRefusal, delayAfter, loginGate, retryAfterSeconds, throttlePolicies } from './login-gate'

const mailboxes = { order: 'order@example.com', support: 'support@example.com' }
const now = new Date('2026-05-01T12:00:00.000Z')

describe('the delay policy', () => {
  it('allows the free failures, then doubles from one second up to the cap', () => {
    const pair = throttlePolicies.pair
    expect([4, 5, 6, 7, 8].map((failures) => delayAfter(pair, failures))).toEqual([0, 1000, 2000, 4000, 8000])
    expect(delayAfter(pair, 100)).toBe(15 * 60_000)
    expect(delayAfter(throttlePolicies.email, 19)).toBe(0)
    expect(delayAfter(throttlePolicies.email, 20)).toBe(1000)
    expect(delayAfter(throttlePolicies.email, 40)).toBe(30_000)
    expect(delayAfter(throttlePolicies.address, 49)).toBe(0)
    expect(delayAfter(throttlePolicies.address, 50)).toBe(1000)
    expect(delayAfter(throttlePolicies.address, 80)).toBe(15 * 60_000)
    expect(throttlePolicies.device).toEqual(pair)
  })

  it('announces a wait in whole seconds, rounded up, never less than one', () => {
    expect(retryAfterSeconds(new Date(now.getTime() + 1500), now)).toBe(2)
    expect(retryAfterSeconds(new Date(now.getTime() + 2000), now)).toBe(2)
    expect(retryAfterSeconds(new Date(now.getTime() + 10), now)).toBe(1)
    expect(retryAfterSeconds(new Date(now.getTime() - 5000), now)).toBe(1)
  })
})

describe('the login gate', () => {
  it('makes a throttled attempt wait without checking its password, whatever the password', () => {
    expect(loginGate({ waitSeconds: 8 })).toEqual({ kind: 'wait', retryAfterSeconds: 8 })
    expect(loginGate({ waitSeconds: 8, passwordMatches: true })).toEqual({
      kind: 'wait',
      retryAfterSeconds: 8,
    })
    expect(loginGate({ waitSeconds: 0 })).toEqual({ kind: 'wait', retryAfterSeconds: 1 })
  })

  it('checks the password of an attempt the counters let through', () => {
    expect(loginGate({ waitSeconds: null })).toEqual({ kind: 'check_password' })
  })

  it('answers a wrong password or an unknown e-mail the same, and lets the right one proceed', () => {
    expect(loginGate({ waitSeconds: null, passwordMatches: false })).toEqual({ kind: 'incorrect_login' })
    expect(loginGate({ waitSeconds: null, passwordMatches: true })).toEqual({ kind: 'proceed' })
  })
})

describe('the account at login', () => {
  it('lets an account in use in, and one expiring later', () => {
    expect(accountRefusal({ blocked: false, expires_at: null }, now, mailboxes)).toBeNull()
    expect(
      accountRefusal({ blocked: false, expires_at: new Date(now.getTime() + 1) }, now, mailboxes),
    ).toBeNull()
  })

  it('refuses a blocked or missing account with the support mailbox', () => {
    const blocked = { code: 'account_blocked', params: { support: mailboxes.support } }
    expect(accountRefusal({ blocked: true, expires_at: null }, now, mailboxes)).toEqual(blocked)
    expect(accountRefusal({ blocked: true, expires_at: new Date(0) }, now, mailboxes)).toEqual(blocked)
    expect(accountRefusal(null, now, mailboxes)).toEqual(blocked)
  })

  it('refuses an account expiring now or earlier with the order and support mailboxes', () => {
    const expired = {
      code: 'account_expired',
      params: { order: mailboxes.order, support: mailboxes.support },
    }
    expect(accountRefusal({ blocked: false, expires_at: now }, now, mailboxes)).toEqual(expired)
    expect(accountRefusal({ blocked: false, expires_at: new Date(0) }, now, mailboxes)).toEqual(expired)
  })
})
