import { meFixture } from '@kropla/domain/testing'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeServer, type FakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { errorOf, field, type } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

/** The button that checks the step and moves on, in either language. */
function next() {
  fireEvent.click(screen.getByRole('button', { name: /^(Next|Dalej)$/ }))
}

async function open(lang: 'en' | 'pl' = 'en', server?: FakeServer) {
  const app = renderApp('/register', { lang, ...(server ? { server } : {}) })
  await screen.findByRole('heading', { name: lang === 'en' ? 'Create an account' : 'Załóż konto' })
  return app
}

async function passDevice(serial = 'REG-0001', pin = '1234') {
  type('serial', serial)
  type('pin', pin)
  next()
  await waitFor(() => field('account_name'))
}

async function passAccount(name = 'Green Acres Farm') {
  type('account_name', name)
  next()
  await waitFor(() => field('email'))
}

function fillCredentials(email = 'owner@greenacres.example', password = 'Tomato-2026!') {
  type('email', email)
  type('password', password)
  type('password_confirm', password)
}

function tick(name: string) {
  fireEvent.click(field(name))
}

describe('registration, step 1: serial number and PIN', () => {
  it('asks for both before asking the server, in English and in Polish', async () => {
    const { server } = await open('en')
    next()
    expect(await screen.findAllByText('Field required')).toHaveLength(2)
    expect(server.callsTo('POST', '/api/register/device')).toHaveLength(0)
    cleanup()

    await open('pl')
    next()
    expect(await screen.findAllByText('Pole wymagane')).toHaveLength(2)
  })

  it('refuses a wrong PIN at this step', async () => {
    await open()
    type('serial', 'REG-0001')
    type('pin', '9999')
    next()
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'Check the serial number and PIN code.',
    )
    expect(field('serial').value).toBe('REG-0001')
  })

  it('refuses a device that is already activated, and one that cannot open an account', async () => {
    await open('pl')
    type('serial', 'USED-0001')
    type('pin', '1234')
    next()
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'Urządzenie o podanym numerze seryjnym jest już aktywowane.',
    )
    type('serial', 'AIR-0001')
    next()
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'Konto zakłada się ze stacją bazową lub sondą glebową.',
    )
  })

  it('names the device it found on the next step', async () => {
    await open()
    await passDevice()
    expect(screen.getByTestId('device-found').textContent).toBe('Found: 3-level soil probe')
  })
})

describe('registration, step 2: account name', () => {
  it('wants at least 8 characters, in both languages', async () => {
    await open('en')
    await passDevice()
    type('account_name', 'Farm')
    next()
    await waitFor(() =>
      expect(errorOf('account_name')).toBe('Account name must be at least 8 characters long'),
    )
    cleanup()

    await open('pl')
    await passDevice()
    type('account_name', 'Farma')
    next()
    await waitFor(() => expect(errorOf('account_name')).toBe('Nazwa konta musi mieć co najmniej 8 znaków'))
  })

  it('shows a taken name at the field', async () => {
    await open()
    await passDevice()
    type('account_name', 'Demo Farm Kropla')
    next()
    await waitFor(() => expect(errorOf('account_name')).toBe('User name already exists.'))
    expect(screen.queryByRole('textbox', { name: /E-mail/ })).toBeNull()
  })
})

describe('registration, step 3: e-mail and password', () => {
  it('checks the e-mail and each password rule, in English', async () => {
    await open()
    await passDevice()
    await passAccount()
    type('email', 'not-an-email')
    type('password', 'abc')
    next()
    await waitFor(() => expect(errorOf('email')).toBe('Email address is incorrect.'))
    expect(errorOf('password')).toBe('Password is too short.')
    expect(errorOf('password_confirm')).toBe('Field required')

    type('password', 'abcdefgh')
    next()
    await waitFor(() =>
      expect(errorOf('password')).toBe(
        'Password must contain an uppercase letter, a lowercase letter, a number and a special character.',
      ),
    )

    type('email', 'owner@greenacres.example')
    type('password', 'Tomato-2026!')
    type('password_confirm', 'Tomato-2026?')
    next()
    await waitFor(() => expect(errorOf('password_confirm')).toBe('Passwords do not match.'))
  })

  it('says the passwords do not match in Polish', async () => {
    await open('pl')
    await passDevice()
    await passAccount('Zielone Pola')
    type('email', 'owner@greenacres.example')
    type('password', 'Pomidor-2026!')
    type('password_confirm', 'Pomidor-2027!')
    next()
    await waitFor(() => expect(errorOf('password_confirm')).toBe('Hasła nie są zgodne.'))
  })

  it('ticks the password rules while the user types', async () => {
    await open()
    await passDevice()
    await passAccount()
    const rules = () =>
      Object.fromEntries(
        within(screen.getByTestId('password-rules'))
          .getAllByRole('listitem')
          .map((item) => [item.dataset.rule, item.dataset.met]),
      )
    expect(rules()).toEqual({
      length: 'false',
      lower: 'false',
      upper: 'false',
      digit: 'false',
      special: 'false',
      match: 'false',
    })
    type('password', 'tomato')
    expect(rules()).toMatchObject({ length: 'false', lower: 'true', upper: 'false' })
    type('password', 'Tomato-2026!')
    type('password_confirm', 'Tomato-2026!')
    expect(Object.values(rules()).every((met) => met === 'true')).toBe(true)
  })
})

describe('registration, step 4: consents', () => {
  it('requires the terms and the required consents, marketing stays optional', async () => {
    const { server } = await open()
    await passDevice()
    await passAccount()
    fillCredentials()
    next()
    await waitFor(() => field('terms'))
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }))
    await waitFor(() => expect(errorOf('terms')).toBe('You have not accepted the terms and conditions.'))
    expect(errorOf('required_consents')).toBe('You have not accepted required terms.')
    expect(errorOf('marketing_app')).toBe('')
    expect(server.callsTo('POST', '/api/register')).toHaveLength(0)
  })
})

describe('registration, sending it', () => {
  async function reachConsents(server?: FakeServer, email?: string) {
    const app = await open('en', server)
    await passDevice()
    await passAccount()
    fillCredentials(email)
    next()
    await waitFor(() => field('terms'))
    tick('terms')
    tick('required_consents')
    return app
  }

  it('goes back to step 3 with the e-mail refused at its field', async () => {
    await reachConsents(undefined, 'piotr@kropla.app')
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }))
    await waitFor(() => expect(errorOf('email')).toBe('Provided email is already in use!'))
    expect(field('password')).toBeTruthy()
  })

  it('goes back to step 1 when the device was activated meanwhile', async () => {
    const server = createFakeServer(meFixture())
    await reachConsents(server)
    const module = server.state.fleet.find((entry) => entry.serial === 'REG-0001')
    if (module) module.activated = true
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }))
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'Device with provided serial number is already activated.',
    )
    expect(field('serial').value).toBe('REG-0001')
  })

  it('stays at the consents when the server could not register', async () => {
    const server = createFakeServer(meFixture())
    await reachConsents(server)
    server.state.failures.set('POST /api/register', { status: 500, code: 'registration_failed' })
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }))
    expect((await screen.findByTestId('register-error')).textContent).toBe(
      'Unsuccessful account registration.',
    )
    expect(field('terms')).toBeTruthy()
  })

  it('sends every step, shows the success step and goes into the app', async () => {
    const { server, router } = await reachConsents()
    tick('marketing_email')
    fireEvent.click(screen.getByRole('button', { name: 'Create the account' }))
    expect(await screen.findByText('Your account is ready')).toBeTruthy()
    expect(server.callsTo('POST', '/api/register')[0]?.body).toEqual({
      serial: 'REG-0001',
      pin: '1234',
      account_name: 'Green Acres Farm',
      email: 'owner@greenacres.example',
      password: 'Tomato-2026!',
      password_confirm: 'Tomato-2026!',
      terms: true,
      required_consents: true,
      marketing_app: false,
      marketing_email: true,
      lang: 'en',
      // The farm's zone: this browser's.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
    fireEvent.click(screen.getByRole('button', { name: 'Go to the app' }))
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
  })
})
