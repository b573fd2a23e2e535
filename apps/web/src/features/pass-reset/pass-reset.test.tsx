import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { invitationToken, resetToken } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { type } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

describe('password reset, step 1', () => {
  it('asks for the account name and a valid e-mail', async () => {
    renderApp('/pass_reset', { lang: 'pl' })
    fireEvent.click(await screen.findByRole('button', { name: 'Wyślij link' }))
    expect(await screen.findAllByText('Pole wymagane')).toHaveLength(2)
    type('account_name', 'Demo Farm Kropla')
    type('email', 'demo@')
    fireEvent.click(screen.getByRole('button', { name: 'Wyślij link' }))
    expect(await screen.findByText('Adres e-mail jest niepoprawny.')).toBeTruthy()
  })

  it('says a link went out only if such an account exists, whatever was typed (no way to probe for accounts)', async () => {
    renderApp('/pass_reset', { lang: 'pl' })
    const send = await screen.findByRole('button', { name: 'Wyślij link' })
    type('account_name', 'Somebody Else')
    type('email', 'demo@kropla.app')
    fireEvent.click(send)
    expect((await screen.findByTestId('reset-sent')).textContent).toContain(
      'Jeśli konto o tej nazwie ma użytkownika z adresem demo@kropla.app, wysłaliśmy na ten adres link',
    )
  })

  it('sends the link and says to check the mail', async () => {
    const { server } = renderApp('/pass_reset')
    const send = await screen.findByRole('button', { name: 'Send the link' })
    type('account_name', 'Demo Farm Kropla')
    type('email', 'Demo@Kropla.app')
    fireEvent.click(send)
    expect(await screen.findByText('Check your mail')).toBeTruthy()
    expect(screen.getByTestId('reset-sent').textContent).toContain(
      'If an account of that name has a user with the e-mail Demo@Kropla.app, we have sent a link there',
    )
    expect(server.callsTo('POST', '/api/pass_reset')[0]?.body).toEqual({
      account_name: 'Demo Farm Kropla',
      email: 'demo@kropla.app',
      lang: 'en',
    })
  })
})

describe('password reset, step 2 from the mailed link', () => {
  /** Opens the mailed link and sends a new password typed twice. */
  async function setPassword(token: string, password: string, confirmation = password) {
    const app = renderApp(`/pass_reset?token=${token}`)
    const save = await screen.findByRole('button', { name: 'Set the password' })
    type('password', password)
    type('password_confirm', confirmation)
    fireEvent.click(save)
    return app
  }

  it('wants the new password twice, matching', async () => {
    await setPassword(resetToken, 'Tomato-2026!', 'Tomato-2026')
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy()
  })

  it('says when the link has expired, with a way to ask for a new one', async () => {
    await setPassword('expired-token-0123456789', 'Tomato-2026!')
    expect((await screen.findByTestId('reset-error')).textContent).toContain(
      'This link has expired or has already been used.',
    )
    fireEvent.click(screen.getByRole('link', { name: 'Enter the account name and e-mail again' }))
    expect(await screen.findByRole('button', { name: 'Send the link' })).toBeTruthy()
  })

  it('sets the password and leads to login', async () => {
    const { server, router } = await setPassword(resetToken, 'Tomato-2026!')
    expect(await screen.findByText('Password changed')).toBeTruthy()
    expect(server.callsTo('POST', '/api/pass_reset/confirm')[0]?.body).toEqual({
      token: resetToken,
      password: 'Tomato-2026!',
      password_confirm: 'Tomato-2026!',
    })
    fireEvent.click(screen.getByRole('link', { name: 'Go to login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})

describe('invitation', () => {
  it('names the account, sets the password and opens the app', async () => {
    const { router } = renderApp(`/invitation?token=${invitationToken}`)
    expect(
      await screen.findByText(
        'You have been invited to the account Demo Farm Kropla. Set a password to log in as new@kropla.app.',
      ),
    ).toBeTruthy()
    type('password', 'Tomato-2026!')
    type('password_confirm', 'Tomato-2026!')
    fireEvent.click(screen.getByRole('button', { name: 'Set the password and log in' }))
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })

  it('says when the invitation link is no longer valid, in Polish', async () => {
    renderApp('/invitation?token=used-token-0123456789', { lang: 'pl' })
    expect((await screen.findByTestId('invitation-error')).textContent).toBe(
      'Ten link wygasł lub został już użyty. Poproś o nowy.',
    )
  })
})
