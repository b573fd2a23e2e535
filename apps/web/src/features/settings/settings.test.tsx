import { meOfType } from '@kropla/domain/testing'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { errorOf, field, type } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))
const reloads = vi.hoisted(() => [] as (string | undefined)[])
vi.mock('../../lib/reload', () => ({ reloadPage: (hash?: string) => reloads.push(hash) }))

beforeEach(() => {
  socket = createFakeSocket()
  reloads.length = 0
})

describe('settings for a normal user', () => {
  it('lists only the user sections and has no admin items in the menu', async () => {
    renderApp('/settings', { me: meOfType(2), isLoggedIn: true })
    const sections = await screen.findByTestId('settings-sections')
    expect(within(sections).getByText('Profile')).toBeTruthy()
    expect(within(sections).getByText('Preferences')).toBeTruthy()
    expect(within(sections).getByText('Active sessions')).toBeTruthy()
    expect(within(sections).queryByText('Users')).toBeNull()
    expect(within(sections).queryByText('Client account')).toBeNull()
    const nav = screen.getByTestId('main-nav')
    expect(within(nav).queryByText('Client account')).toBeNull()
    expect(within(nav).queryByText('Users')).toBeNull()
  })

  it('shows Access denied on the admin screens opened by address, in both languages', async () => {
    const { server } = renderApp('/settings/users', { me: meOfType(2), isLoggedIn: true })
    expect((await screen.findByTestId('access-denied')).textContent).toBe('Access denied')
    expect(server.callsTo('GET', '/api/users')).toHaveLength(0)
    cleanup()
    renderApp('/settings/profile/client', { me: meOfType(2), isLoggedIn: true, lang: 'pl' })
    expect((await screen.findByTestId('access-denied')).textContent).toBe('Brak dostępu')
  })
})

describe('settings for an admin', () => {
  it('lists the admin sections and menu items too', async () => {
    renderApp('/settings', { me: meOfType(1), isLoggedIn: true })
    const sections = await screen.findByTestId('settings-sections')
    expect(within(sections).getByText('Users')).toBeTruthy()
    expect(within(sections).getByText('Client account')).toBeTruthy()
    expect(within(screen.getByTestId('main-nav')).getByText('Users')).toBeTruthy()
  })

  it('shows every user of the account in one table', async () => {
    renderApp('/settings/users', { me: meOfType(1), isLoggedIn: true })
    const table = await screen.findByTestId('users-table')
    expect(within(table).getAllByRole('row')).toHaveLength(5)
    expect(within(table).getByText('Invitation pending')).toBeTruthy()
    expect(within(screen.getByTestId('user-7')).getByText('you')).toBeTruthy()
  })
})

describe('deleting a user', () => {
  async function openDelete(name: string, lang: 'en' | 'pl' = 'en') {
    const app = renderApp('/settings/users', { me: meOfType(1), isLoggedIn: true, lang })
    await screen.findByTestId('users-table')
    fireEvent.click(screen.getByRole('button', { name: lang === 'en' ? `Delete ${name}` : `Usuń: ${name}` }))
    return { ...app, warning: await screen.findByTestId('delete-warning') }
  }

  it('asks plainly for a normal user', async () => {
    const { warning, server } = await openDelete('Ola Wiśniewska')
    expect(warning.dataset.strength).toBe('normal')
    expect(warning.textContent).toBe(
      'Delete the user Ola Wiśniewska? They will no longer be able to log in to this account.',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Delete the user' }))
    expect(await screen.findByText('User deleted.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByTestId('user-9')).toBeNull())
    expect(server.callsTo('DELETE', '/api/users/9')).toHaveLength(1)
  })

  it('warns more strongly for an administrator: access will be lost', async () => {
    const { warning } = await openDelete('Piotr Zieliński')
    expect(warning.dataset.strength).toBe('strong')
    expect(warning.textContent).toBe(
      'Piotr Zieliński is an administrator. Deleting them takes away their access to this account and its administration for good.',
    )
  })

  it('warns most strongly for oneself, asks for the password and logs out', async () => {
    const { warning, server } = await openDelete('Anna Nowak', 'pl')
    expect(warning.dataset.strength).toBe('strong')
    expect(warning.textContent).toBe(
      'To Twoje własne konto użytkownika. Od razu stracisz dostęp do tego konta i zostaniesz wylogowany.',
    )
    server.state.users = server.state.users.map((user) => (user.id === 8 ? { ...user, type: 1 } : user))
    type('password', 'wrong-one')
    fireEvent.click(screen.getByRole('button', { name: 'Usuń moje konto i wyloguj' }))
    await waitFor(() => expect(errorOf('password')).toBe('Wprowadzone hasło jest niepoprawne.'))
    type('password', server.credentials.password)
    fireEvent.click(screen.getByRole('button', { name: 'Usuń moje konto i wyloguj' }))
    await waitFor(() => expect(reloads).toEqual(['#/login']))
    expect(server.callsTo('DELETE', '/api/users/me')).toHaveLength(2)
  })

  it('keeps the last administrator', async () => {
    const server = createFakeServer(meOfType(1), { isLoggedIn: true })
    server.state.users = server.state.users.map((user) => (user.id === 8 ? { ...user, type: 2 } : user))
    renderApp('/settings/users', { server })
    await screen.findByTestId('users-table')
    fireEvent.click(screen.getByRole('button', { name: 'Delete Anna Nowak' }))
    type('password', server.credentials.password)
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account and log out' }))
    expect((await screen.findByTestId('delete-error')).textContent).toBe(
      'The last administrator cannot be removed.',
    )
    expect(reloads).toEqual([])
  })
})

describe('inviting and editing users', () => {
  it('says an e-mail already in use at the field', async () => {
    renderApp('/settings/users', { me: meOfType(1), isLoggedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a user' }))
    await screen.findByRole('button', { name: 'Send the invitation' })
    type('email', 'ola@kropla.app')
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }))
    await waitFor(() => expect(errorOf('email')).toBe('Provided email is already in use!'))
  })

  it('invites a new user, who appears in the table as invited', async () => {
    const { server } = renderApp('/settings/users', { me: meOfType(1), isLoggedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a user' }))
    await screen.findByRole('button', { name: 'Send the invitation' })
    type('email', 'marek@kropla.app')
    type('name', 'Marek')
    fireEvent.change(field('type'), { target: { value: '1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }))
    expect(await screen.findByText('Invitation sent to marek@kropla.app.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/users/invite')[0]?.body).toEqual({
      email: 'marek@kropla.app',
      name: 'Marek',
      family_name: '',
      type: 1,
      lang: 'en',
    })
    expect(await screen.findByText('Marek')).toBeTruthy()
  })

  it('warns an admin who is giving up their own administrator rights', async () => {
    renderApp('/settings/users', { me: meOfType(1), isLoggedIn: true })
    await screen.findByTestId('users-table')
    fireEvent.click(screen.getByRole('button', { name: 'Edit Anna Nowak' }))
    await screen.findByRole('button', { name: 'Save' })
    expect(screen.queryByTestId('self-demote-warning')).toBeNull()
    fireEvent.change(field('type'), { target: { value: '2' } })
    expect((await screen.findByTestId('self-demote-warning')).textContent).toContain(
      'You are giving up your administrator rights',
    )
  })
})

describe('profile', () => {
  async function openProfile(lang: 'en' | 'pl') {
    const app = renderApp('/settings/profile', { isLoggedIn: true, lang })
    await screen.findByRole('button', { name: lang === 'en' ? 'Save' : 'Zapisz' })
    return app
  }

  it('wants a prefix and at least nine digits in the phone, in English and Polish', async () => {
    const { server } = await openProfile('en')
    type('phone', '600 700 800')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorOf('phone')).toBe('Enter the prefix and at least nine digits, e.g. +48 600 700 800.'),
    )
    type('phone', '+48 600 700')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorOf('phone')).toBe('Enter the prefix and at least nine digits, e.g. +48 600 700 800.'),
    )
    expect(server.callsTo('PUT', '/api/profile')).toHaveLength(0)
    cleanup()

    await openProfile('pl')
    type('phone', '12345')
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    await waitFor(() =>
      expect(errorOf('phone')).toBe('Podaj prefiks i co najmniej dziewięć cyfr, np. +48 600 700 800.'),
    )
  })

  it('requires the phone when SMS alarms are chosen', async () => {
    const { server } = await openProfile('pl')
    fireEvent.click(field('notify_sms'))
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    await waitFor(() => expect(errorOf('phone')).toBe('Numer telefonu jest wymagany dla alarmów SMS.'))
    type('phone', '+48 600 700 800')
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    expect(await screen.findByText('Zmiany zapisane.')).toBeTruthy()
    expect(server.state.profile).toMatchObject({ phone: '+48 600 700 800', notify_sms: true })
  })

  it('deletes one’s own user account only with the right password', async () => {
    const { server } = await openProfile('en')
    server.state.users = server.state.users.map((user) => (user.id === 8 ? { ...user, type: 1 } : user))
    fireEvent.click(screen.getByRole('button', { name: 'Delete my user account' }))
    expect((await screen.findByTestId('delete-warning')).textContent).toBe(
      'You will lose access to this account at once and be logged out. This cannot be undone.',
    )
    type('password', 'nope')
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account and log out' }))
    await waitFor(() => expect(errorOf('password')).toBe('Password entered is incorrect.'))
    expect(reloads).toEqual([])
  })
})

describe('client account', () => {
  it('does not delete without the confirmation checkbox', async () => {
    const { server } = renderApp('/settings/profile/client', { me: meOfType(1), isLoggedIn: true })
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the client account' }))
    await screen.findByRole('button', { name: 'Delete everything' })
    type('password', server.credentials.password)
    fireEvent.click(screen.getByRole('button', { name: 'Delete everything' }))
    await waitFor(() => expect(errorOf('confirm')).toBe('Checkbox not set - account was not removed.'))
    expect(server.callsTo('DELETE', '/api/client')).toHaveLength(0)
  })

  it('lets the admin move the farm to another time zone, which the calendar then counts in', async () => {
    const { server, router } = renderApp('/settings/profile/client', { me: meOfType(1), isLoggedIn: true })
    await screen.findByRole('button', { name: 'Save' })
    const zone = screen
      .getAllByLabelText("Farm's time zone")
      .find((node): node is HTMLInputElement => node instanceof HTMLInputElement && node.type !== 'hidden')!
    fireEvent.click(zone)
    fireEvent.change(zone, { target: { value: 'New_York' } })
    // Mantine keeps the animating dropdown out of the accessibility tree in jsdom.
    fireEvent.click(await screen.findByRole('option', { name: /America\/New York/, hidden: true }))
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Changes saved.')).toBeTruthy()
    expect(server.callsTo('PUT', '/api/client')[0]?.body).toMatchObject({ time_zone: 'America/New_York' })

    await router.navigate('/calendar')
    await waitFor(() =>
      expect(screen.getByTestId('calendar-zone').textContent).toContain(
        "Times in the farm's time zone: America/New_York",
      ),
    )
  })

  it('says a taken account name at the field', async () => {
    const server = createFakeServer(meOfType(1), { isLoggedIn: true })
    server.state.accountNames.add('green acres farm')
    renderApp('/settings/profile/client', { server })
    await screen.findByRole('button', { name: 'Save' })
    type('name', 'Green Acres Farm')
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(errorOf('name')).toBe('The specified account name already exists in the system.'),
    )
  })
})

describe('active sessions', () => {
  it('marks this device and logs out another one', async () => {
    const { server } = renderApp('/settings/sessions', { isLoggedIn: true })
    const current = await screen.findByTestId('session-s-current')
    expect(within(current).getByText('This device')).toBeTruthy()
    expect(within(current).getByText('Chrome on Linux')).toBeTruthy()
    expect(within(current).queryByRole('button')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Log out Safari on iOS' }))
    await waitFor(() => expect(screen.queryByTestId('session-s-phone')).toBeNull())
    expect(server.callsTo('DELETE', '/api/sessions/s-phone')).toHaveLength(1)
  })
})
