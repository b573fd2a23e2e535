import { meOfType } from '@kropla/domain/testing'
import { cleanup, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

describe('settings: help, about, payments', () => {
  it('lists help, about and (for admins) payments in the overview and the menu, in both languages', async () => {
    renderApp('/settings', { me: meOfType(1), isLoggedIn: true })
    const sections = await screen.findByTestId('settings-sections')
    for (const name of ['Help', 'About', 'Payments and subscription', 'Regions', 'Geo objects'])
      expect(within(sections).getByText(name)).toBeTruthy()
    // The settings group of the menu is open on a settings screen.
    expect(within(screen.getByTestId('main-nav')).getByText('Help')).toBeTruthy()
    cleanup()
    renderApp('/settings', { me: meOfType(2), isLoggedIn: true, lang: 'pl' })
    const polish = await screen.findByTestId('settings-sections')
    expect(within(polish).getByText('Pomoc')).toBeTruthy()
    expect(within(polish).getByText('O aplikacji')).toBeTruthy()
    expect(within(polish).queryByText('Płatności i abonament')).toBeNull()
  })

  it('opens the help site of the user’s language, its address from the server', async () => {
    renderApp('/settings/help', { me: meOfType(2), isLoggedIn: true })
    const link = await screen.findByTestId('help-link')
    expect(link.getAttribute('href')).toBe('https://help.example.com/en/')
    expect(link.getAttribute('target')).toBe('_blank')
    cleanup()
    renderApp('/settings/help', { me: meOfType(2), isLoggedIn: true, lang: 'pl' })
    const polish = await screen.findByTestId('help-link')
    expect(polish.getAttribute('href')).toBe('https://help.example.com/pl/')
    expect(polish.textContent).toBe('Otwórz stronę pomocy')
  })

  it('shows the version and the licence of every shipped package, read at build time', async () => {
    renderApp('/settings/about', { me: meOfType(2), isLoggedIn: true })
    expect((await screen.findByTestId('about-version')).textContent).toMatch(/^Version \d+\.\d+\.\d+/)
    expect(within(screen.getByTestId('licence-react')).getByText('MIT')).toBeTruthy()
    expect(within(screen.getByTestId('licence-@mantine/core')).getByText('MIT')).toBeTruthy()
    expect(within(screen.getByTestId('licence-leaflet')).getByText('BSD-2-Clause')).toBeTruthy()
    // Development tools are not shipped, so not listed.
    expect(screen.queryByTestId('licence-vitest')).toBeNull()
  })

  it('shows an admin the subscription and the order mailbox; a normal user is refused', async () => {
    renderApp('/settings/payments', { me: meOfType(1), isLoggedIn: true })
    await screen.findByTestId('subscription-expiry')
    expect(screen.getByText('orders@example.com')).toBeTruthy()
    cleanup()
    renderApp('/settings/payments', { me: meOfType(2), isLoggedIn: true })
    expect((await screen.findByTestId('access-denied')).textContent).toBe('Access denied')
  })
})
