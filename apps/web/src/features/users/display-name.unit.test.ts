import { describe, expect, it } from 'vitest'
import { deleteWarningOf, displayName } from './display-name'

describe('deleting a user: which warning', () => {
  const me = { id: 7 }
  it('is the strongest for oneself, whatever the role', () => {
    expect(deleteWarningOf({ id: 7, type: 1 }, me)).toBe('self')
    expect(deleteWarningOf({ id: 7, type: 2 }, me)).toBe('self')
  })

  it('is stronger for an administrator than for a normal user', () => {
    expect(deleteWarningOf({ id: 8, type: 1 }, me)).toBe('admin')
    expect(deleteWarningOf({ id: 8, type: 0 }, me)).toBe('admin')
    expect(deleteWarningOf({ id: 9, type: 2 }, me)).toBe('normal')
  })
})

describe('user names', () => {
  it('uses the name, or the e-mail of an invitee without one', () => {
    expect(displayName({ name: 'Ola', family_name: 'Wiśniewska', email: 'ola@kropla.app' })).toBe(
      'Ola Wiśniewska',
    )
    expect(displayName({ name: '', family_name: '', email: 'new@kropla.app' })).toBe('new@kropla.app')
  })
})
