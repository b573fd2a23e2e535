import { describe, expect, it } from 'vitest'
import { profileTestAnswerSchema, profileTestRequestSchema, profileTestWaitSeconds } from './profile-test'

describe('the test of a channel', () => {
  it('takes e-mail, SMS or push and nothing else', () => {
    expect(profileTestRequestSchema.parse({ channel: 'sms' })).toEqual({ channel: 'sms' })
    const fax = profileTestRequestSchema.safeParse({ channel: 'fax' })
    expect(fax.success).toBe(false)
    expect(fax.error?.issues[0]?.message).toBe('errors.choice_invalid')
    expect(profileTestRequestSchema.safeParse({}).success).toBe(false)
  })
  it('waits 30 s between tests of a channel, counting down whole seconds', () => {
    const now = new Date('2026-11-25T10:00:30Z')
    expect(profileTestWaitSeconds(null, now)).toBe(0)
    expect(profileTestWaitSeconds(new Date('2026-11-25T10:00:00Z'), now)).toBe(0)
    expect(profileTestWaitSeconds(new Date('2026-11-25T10:00:00.500Z'), now)).toBe(1)
    expect(profileTestWaitSeconds(new Date('2026-11-25T10:00:20Z'), now)).toBe(20)
    // A clock that went back: as if just tested.
    expect(profileTestWaitSeconds(new Date('2026-11-25T10:05:00Z'), now)).toBe(30)
  })
  it('describes an answer the browser can read', () => {
    const answer = {
      channel: 'push',
      status: 'failed',
      reason: 'no_push_subscription',
      detail: null,
      to: null,
      sent_at: '2026-11-25T10:00:00.000Z',
      id_run: 4,
    }
    expect(profileTestAnswerSchema.parse(answer)).toEqual(answer)
    expect(profileTestAnswerSchema.safeParse({ ...answer, reason: 'cosmic rays' }).success).toBe(false)
  })
})
