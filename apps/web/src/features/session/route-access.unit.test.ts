import { describe, expect, it } from 'vitest'
import { decideAccess } from './route-access'

describe('route access', () => {
  it('sends a visitor without a session from a private screen to login', () => {
    expect(decideAccess('private', 'anonymous')).toEqual({ kind: 'redirect', to: '/login' })
  })

  it('shows private screens to a logged-in user', () => {
    expect(decideAccess('private', 'authenticated')).toEqual({ kind: 'render' })
  })

  it('sends a logged-in user away from the public screens to the start', () => {
    expect(decideAccess('public', 'authenticated')).toEqual({ kind: 'redirect', to: '/' })
  })

  it('shows public screens to a visitor, even when the session could not be checked', () => {
    expect(decideAccess('public', 'anonymous')).toEqual({ kind: 'render' })
    expect(decideAccess('public', 'failed')).toEqual({ kind: 'render' })
  })

  it('waits while the session is being checked instead of guessing', () => {
    expect(decideAccess('public', 'loading')).toEqual({ kind: 'wait' })
    expect(decideAccess('private', 'loading')).toEqual({ kind: 'wait' })
  })

  it('reports a failed session check on a private screen rather than logging the user out', () => {
    expect(decideAccess('private', 'failed')).toEqual({ kind: 'failed' })
  })
})
