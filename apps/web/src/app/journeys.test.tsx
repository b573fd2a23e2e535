import { meFixture, objectFixture } from '@kropla/domain/testing'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeSocket, type FakeSocket } from '../testing/fake-socket'
import { logIn } from '../testing/log-in'
import { type RenderAppOptions, renderApp } from '../testing/render-app'

let socket: FakeSocket
vi.mock('../lib/socket', () => ({ createRealtimeSocket: () => socket }))

const at10 = '2026-05-01T10:00:00.000Z'
const at11 = '2026-05-01T11:00:00.000Z'

function demoMe(type: 0 | 1 | 2 = 1) {
  return meFixture({
    user: { type, time_zone: 'Europe/Warsaw' },
    objects: [
      objectFixture({
        id: 1,
        serial: 'DEMO-ENV-0001',
        name: 'Greenhouse air',
        last_device_model: 'AM-200',
        latest: { TEMP_1: { value: 21.46, dtimestamp: at10, previous: { value: 20, dtimestamp: at10 } } },
      }),
      objectFixture({
        id: 2,
        serial: 'DEMO-VALVO-0001',
        name: 'Field valves',
        last_device_model: 'AM-411',
        connection: 0,
        latest: { o1: { value: 1, dtimestamp: at10, previous: null } },
      }),
    ],
  })
}

/** The app with the demo farm's modules, for a user of the given type (an admin unless said). */
function openApp(path: string, { userType, ...options }: RenderAppOptions & { userType?: 0 | 1 | 2 } = {}) {
  return renderApp(path, { me: demoMe(userType), ...options })
}

beforeEach(() => {
  socket = createFakeSocket()
})

describe('the browser app', () => {
  it('sends a visitor to the login screen', async () => {
    const { router } = openApp('/')
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('still shows the login screen when the server cannot be reached, and says so on a private screen', async () => {
    openApp('/login', { isServerDown: true })
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    cleanup()
    openApp('/', { isServerDown: true })
    expect(
      await screen.findByText('No connection to the server. Check your network and try again.'),
    ).toBeTruthy()
  })

  it('shows the server message inline after a wrong password, in the interface language', async () => {
    openApp('/login', { lang: 'pl' })
    await logIn('demo@kropla.app', 'wrong')
    expect((await screen.findByTestId('login-error')).textContent).toBe('Niepoprawne dane logowania.')
  })

  it('asks for the fields before calling the server', async () => {
    openApp('/login')
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(await screen.findAllByText('Field required')).toHaveLength(2)
  })

  it('logs in and shows the modules as tiles with their latest readings', async () => {
    const { router, server } = openApp('/login')
    await logIn(server.credentials.email, server.credentials.password)

    const tile = await screen.findByTestId('tile-DEMO-ENV-0001')
    expect(router.state.location.pathname).toBe('/')
    expect(within(tile).getByText('Greenhouse air')).toBeTruthy()
    expect(screen.getByTestId('value-DEMO-ENV-0001-TEMP_1').textContent).toBe('21.5 °C')
    expect(within(tile).getByLabelText('Rising')).toBeTruthy()
    expect(screen.getByTestId('time-DEMO-ENV-0001').textContent).toContain('2026-05-01 12:00:00')
    // And how old it is, in words (what matters most when the app cannot ask for newer values).
    expect(screen.getByTestId('age-DEMO-ENV-0001').textContent).toMatch(/\((\d+ days ago|yesterday)\)/)
    // A valve module's output is drawn as a valve: open, closed or unknown.
    expect(screen.getByTestId('value-DEMO-VALVO-0001-o1').dataset.state).toBe('open')
    expect(screen.getByTestId('valve-state-DEMO-VALVO-0001-o1').textContent).toBe('Open')
    expect(screen.getByTestId('connection-DEMO-VALVO-0001').textContent).toBe('Offline')
    expect(screen.getByTestId('connection-state').dataset.state).toBe('1')
  })

  it('updates a tile from a live data row without reloading', async () => {
    openApp('/', { isLoggedIn: true })
    await screen.findByTestId('tile-DEMO-ENV-0001')
    socket.serverEmits('data', [
      {
        id_object: 1,
        timestamp: '2026-05-01 11:00:00',
        dtimestamp: at11,
        timestamp_unix: Date.parse(at11) / 1000,
        activation__: null,
        inactivation__: null,
        values: { TEMP_1: 18.04 },
        previous: {},
      },
    ])
    expect((await screen.findByText('18.0 °C')).dataset.testid).toBe('value-DEMO-ENV-0001-TEMP_1')
    expect(screen.getByLabelText('Falling')).toBeTruthy()
  })

  it('shows the real-time connection state in the top panel', async () => {
    openApp('/', { isLoggedIn: true })
    await screen.findByTestId('tile-DEMO-ENV-0001')
    socket.serverEmits('disconnect')
    expect((await screen.findByText('Disconnected')).closest('[data-testid="connection-state"]')).toBeTruthy()
    expect(screen.getByTestId('connection-state').dataset.state).toBe('0')
  })

  it('goes to the login screen when the server ends the session', async () => {
    const { router } = openApp('/', { isLoggedIn: true })
    await screen.findByTestId('tile-DEMO-ENV-0001')
    socket.serverEmits('log_out')
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
  })

  it('sends a logged-in user from the login screen to the start', async () => {
    const { router } = openApp('/login', { isLoggedIn: true })
    await screen.findByTestId('tile-DEMO-ENV-0001')
    expect(router.state.location.pathname).toBe('/')
  })

  it('keeps the operator area for Adminus', async () => {
    openApp('/admin/adminus', { isLoggedIn: true, userType: 2 })
    expect((await screen.findByTestId('access-denied')).textContent).toBe('Access denied')
    expect(within(screen.getByTestId('main-nav')).queryByText('Operator')).toBeNull()
  })

  it('opens the operator area for Adminus', async () => {
    openApp('/admin/adminus/messages', { isLoggedIn: true, userType: 0 })
    expect(await screen.findByRole('heading', { name: 'Messages to users' })).toBeTruthy()
    expect(within(screen.getByTestId('main-nav')).getByText('Operator')).toBeTruthy()
  })

  it('opens a phone screen of spec 01 section 2', async () => {
    openApp('/mobile/nfc', { isLoggedIn: true })
    expect(await screen.findByRole('heading', { name: 'NFC' })).toBeTruthy()
  })

  it('shows a not-found page for an unknown address', async () => {
    openApp('/no/such/place')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy()
  })

  it('switches the interface to Polish from the top panel', async () => {
    openApp('/', { isLoggedIn: true })
    await screen.findByTestId('tile-DEMO-ENV-0001')
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'pl' } })
    expect(await screen.findByRole('button', { name: 'Wyloguj' })).toBeTruthy()
    expect(localStorage.getItem('kropla.lang')).toBe('pl')
  })
})
