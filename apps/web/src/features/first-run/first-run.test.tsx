import { meOfType } from '@kropla/domain/testing'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
  sessionStorage.clear()
})

const freshAdmin = () => meOfType(1, { hide_splash: false, client_name: 'Green Acres' })

describe('the first-run dialog', () => {
  it('greets a fresh account’s administrator on the start screen with the first steps, in English and Polish', async () => {
    renderApp('/', { me: freshAdmin(), isLoggedIn: true })
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Green Acres' })
    for (const step of [
      'Add a user',
      'Add a module',
      'Add a meteo station',
      'Configure the account',
      'Go to the app',
    ])
      expect(within(dialog).getByRole('button', { name: step })).toBeTruthy()
    cleanup()
    sessionStorage.clear()
    renderApp('/', { me: freshAdmin(), isLoggedIn: true, lang: 'pl' })
    const polish = await screen.findByRole('dialog', { name: 'Witaj w koncie Green Acres' })
    expect(within(polish).getByRole('button', { name: 'Dodaj stację meteo' })).toBeTruthy()
    expect(within(polish).getByLabelText('Nie pokazuj ponownie')).toBeTruthy()
  })

  it('opens the chosen step: "Add a module" on the modules screen, "Add a user" in the invitation dialog', async () => {
    const { router } = renderApp('/', { me: freshAdmin(), isLoggedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Add a module' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/kropla_2/modules'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome to Green Acres' })).toBeNull())
    cleanup()
    sessionStorage.clear()
    renderApp('/', { me: freshAdmin(), isLoggedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Add a user' }))
    await screen.findByRole('dialog', { name: /invite/i })
  })

  it('"Go to the app" closes it for this visit without storing anything', async () => {
    const { server } = renderApp('/', { me: freshAdmin(), isLoggedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the app' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome to Green Acres' })).toBeNull())
    expect(server.callsTo('PUT', '/api/profile')).toHaveLength(0)
  })

  it('"Do not show this again" stores hide_splash for the user on the server', async () => {
    const { server } = renderApp('/', { me: freshAdmin(), isLoggedIn: true })
    fireEvent.click(await screen.findByLabelText('Do not show this again'))
    fireEvent.click(screen.getByRole('button', { name: 'Go to the app' }))
    await waitFor(() => expect(server.callsTo('PUT', '/api/profile')).toHaveLength(1))
    expect(server.callsTo('PUT', '/api/profile')[0]?.body).toMatchObject({ hide_splash: true })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome to Green Acres' })).toBeNull())
  })

  it('is not shown to a normal user, to one who switched it off, or on other screens', async () => {
    renderApp('/', { me: meOfType(2, { hide_splash: false }), isLoggedIn: true })
    await screen.findByTestId('user-name')
    expect(screen.queryByRole('dialog')).toBeNull()
    cleanup()
    renderApp('/', { me: meOfType(1, { hide_splash: true }), isLoggedIn: true })
    await screen.findByTestId('user-name')
    expect(screen.queryByRole('dialog')).toBeNull()
    cleanup()
    renderApp('/alarms', { me: freshAdmin(), isLoggedIn: true })
    await screen.findByTestId('user-name')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
