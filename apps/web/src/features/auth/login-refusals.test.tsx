import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { logIn } from '../../testing/log-in'
import { renderApp } from '../../testing/render-app'

/** What the login screen says to this e-mail; the fake server decides by the address alone. */
async function refusalOf(email: string) {
  await logIn(email, 'whatever-1A!')
  return (await screen.findByTestId('login-error')).textContent
}

describe('login refusals beyond a wrong password', () => {
  it('shows the server wording for a blocked and an expired account, with the provider mailboxes', async () => {
    renderApp('/login')
    expect(await refusalOf('blocked@kropla.app')).toBe(
      'This account is blocked. Please contact support@kropla.app.',
    )
    expect(await refusalOf('expired@kropla.app')).toBe(
      'Your account has expired. Please contact order@kropla.app or support@kropla.app.',
    )
  })

  it('says how long to wait after too many attempts, in the interface language', async () => {
    renderApp('/login', { lang: 'pl' })
    expect(await refusalOf('throttled@kropla.app')).toBe('Zbyt wiele prób. Spróbuj ponownie za 30 s.')
  })
})
