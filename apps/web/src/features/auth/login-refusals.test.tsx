import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { logIn } from '../../testing/log-in'
import { renderApp } from '../../testing/render-app'

/** Logs in as this e-mail (the fake server decides by the address alone) until the screen says `wording`. */
async function expectRefusal(email: string, wording: string) {
  await logIn(email, 'whatever-1A!')
  // The previous refusal stays on screen until this answer arrives, so wait for the new wording.
  await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe(wording))
}

describe('login refusals beyond a wrong password', () => {
  it('shows the server wording for a blocked and an expired account, with the provider mailboxes', async () => {
    renderApp('/login')
    await expectRefusal('blocked@kropla.app', 'This account is blocked. Please contact support@kropla.app.')
    await expectRefusal(
      'expired@kropla.app',
      'Your account has expired. Please contact order@kropla.app or support@kropla.app.',
    )
  })

  it('says how long to wait after too many attempts, in the interface language', async () => {
    renderApp('/login', { lang: 'pl' })
    await expectRefusal('throttled@kropla.app', 'Zbyt wiele prób. Spróbuj ponownie za 30 s.')
  })
})
