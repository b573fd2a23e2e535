import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '../../testing/render-app'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

async function logIn(email: string) {
  fireEvent.change(await screen.findByLabelText(/E-mail/), { target: { value: email } })
  fireEvent.change(screen.getByLabelText(/Password|Hasło/), { target: { value: 'whatever-1A!' } })
  fireEvent.click(screen.getByRole('button', { name: /Log in|Zaloguj/ }))
  return (await screen.findByTestId('login-error')).textContent
}

describe('login refusals beyond a wrong password', () => {
  it('shows the server wording for a blocked and an expired account, with the provider mailboxes', async () => {
    renderApp('/login')
    expect(await logIn('blocked@kropla.app')).toBe(
      'This account is blocked. Please contact support@kropla.app.',
    )
    expect(await logIn('expired@kropla.app')).toBe(
      'Your account has expired. Please contact order@kropla.app or support@kropla.app.',
    )
  })

  it('says how long to wait after too many attempts, in the interface language', async () => {
    renderApp('/login', { lang: 'pl' })
    expect(await logIn('throttled@kropla.app')).toBe('Zbyt wiele prób. Spróbuj ponownie za 30 s.')
  })
})
