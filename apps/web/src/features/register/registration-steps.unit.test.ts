import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '../../lib/api-error'
import { stepOfError } from './registration-steps'

const refusal = (code: string, issues: { path: string; message: string }[] = []) =>
  new ApiRequestError(400, code, '', issues)

describe('where a refused registration goes back to', () => {
  it('sends each error of the registration catalogue to its step', () => {
    expect(stepOfError(refusal('check_serial_pin'))).toBe(0)
    expect(stepOfError(refusal('device_already_activated'))).toBe(0)
    expect(stepOfError(refusal('device_cannot_open_account'))).toBe(0)
    expect(stepOfError(refusal('account_name_taken'))).toBe(1)
    expect(stepOfError(refusal('account_name_too_short'))).toBe(1)
    expect(stepOfError(refusal('email_in_use'))).toBe(2)
    expect(stepOfError(refusal('passwords_mismatch'))).toBe(2)
    expect(stepOfError(refusal('terms_not_accepted'))).toBe(3)
    expect(stepOfError(refusal('required_terms_not_accepted'))).toBe(3)
  })

  it('sends a validation failure to the earliest step it names', () => {
    const issues = [
      { path: 'password', message: 'Password is too short.' },
      { path: 'account_name', message: 'Account name must be at least 8 characters long' },
    ]
    expect(stepOfError(refusal('validation_failed', issues))).toBe(1)
  })

  it('keeps errors of no step where they are', () => {
    expect(stepOfError(refusal('registration_failed'))).toBeNull()
    expect(stepOfError(new ApiRequestError(0, 'network', ''))).toBeNull()
    expect(stepOfError(new Error('boom'))).toBeNull()
  })
})
