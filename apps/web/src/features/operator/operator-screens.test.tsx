import type { MeUser } from '@kropla/domain'
import { meOfType } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  auditEntryFixture,
  type FakeOperator,
  fakeOperator,
  operatorModuleFixture,
  withOperator,
} from '../../testing/fake-operator'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))
beforeEach(() => {
  socket = createFakeSocket()
})

/** The operator (Adminus, own account 3) in the back office. */
function open(
  path: string,
  options: { lang?: 'en' | 'pl'; user?: Partial<MeUser>; data?: FakeOperator; type?: 0 | 1 | 2 } = {},
) {
  const data = options.data ?? fakeOperator()
  const me = meOfType(options.type ?? 0, { lang: options.lang ?? 'en', ...options.user })
  const server = withOperator(createFakeServer(me, { isLoggedIn: true }), data)
  return { ...renderApp(path, { server, lang: options.lang }), server, data }
}

/** The addresses the screen asked for (with their queries), in order. */
const asked = (server: { state: { calls: { method: string; path: string }[] } }, prefix: string) =>
  server.state.calls
    .filter((call) => call.method === 'GET' && call.path.startsWith(prefix))
    .map((c) => c.path)

describe("support access from the client's screen", () => {
  it('opens the reason dialog with this account chosen and switches in with the reason', async () => {
    open('/admin/adminus/clients/11')
    expect(await screen.findByRole('heading', { name: 'Sad Jabłonka' })).toBeTruthy()
    socket.answerRequest('switch_client', () => ({ ok: true }))
    fireEvent.click(screen.getByRole('button', { name: 'Switch into this account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Support access' })
    expect((within(dialog).getByLabelText('Client account') as HTMLInputElement).value).toBe('Sad Jabłonka')
    // No reason: refused in the dialog, nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch in' }))
    expect(
      await within(dialog).findByText(
        'Say why you are switching into this account: the reason is kept in the audit log.',
      ),
    ).toBeTruthy()
    expect(socket.requests.filter((request) => request.event === 'switch_client')).toEqual([])
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Ticket 4711: probe silent' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch in' }))
    await waitFor(() =>
      expect(socket.requests.filter((request) => request.event === 'switch_client')).toEqual([
        { event: 'switch_client', payload: { id_client: 11, reason: 'Ticket 4711: probe silent' } },
      ]),
    )
  })

  it('is not offered on the operator’s own account, and a blocked account says why it cannot be entered', async () => {
    open('/admin/adminus/clients/3')
    expect(await screen.findByRole('heading', { name: 'Demo Farm Kropla' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Switch into this account' })).toBeNull()
    open('/admin/adminus/clients/12')
    const button = (await screen.findByRole('button', {
      name: 'Switch into this account',
    })) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.title).toBe('A blocked or expired account cannot be switched into.')
  })
})

describe("the operator's alarms", () => {
  it('names the field from the catalogue and shows the threshold and value in the user’s unit', async () => {
    open('/admin/adminus/alarms')
    const table = await screen.findByTestId('operator-alarms')
    expect(await within(table).findByText('Temperature 1 higher than 30 °C')).toBeTruthy()
    expect(within(table).getByText('31.5 °C')).toBeTruthy()
    expect(within(table).queryByText(/TEMP_1/)).toBeNull()
  })

  it('reads Fahrenheit to a °F user and Polish words and decimals to a Polish one', async () => {
    open('/admin/adminus/alarms', { user: { temperature_unit: 'F' } })
    const table = await screen.findByTestId('operator-alarms')
    expect(await within(table).findByText('Temperature 1 higher than 86 °F')).toBeTruthy()
    expect(within(table).getByText('88.7 °F')).toBeTruthy()
  })

  it('in Polish', async () => {
    open('/admin/adminus/alarms', { lang: 'pl' })
    const table = await screen.findByTestId('operator-alarms')
    expect(await within(table).findByText('Temperatura 1: powyżej 30 °C')).toBeTruthy()
    expect(within(table).getByText('31,5 °C')).toBeTruthy()
  })
})

/** A log of three accounts' entries over a month: a rename, a login, support access, an old one. */
function loggedFleet(): FakeOperator {
  const data = fakeOperator()
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
  data.audit = [
    auditEntryFixture({
      id: 1,
      at: hoursAgo(2),
      entity: 'groups',
      entity_id: '5',
      before: { name: 'North field' },
      after: { name: 'South field' },
    }),
    auditEntryFixture({
      id: 2,
      at: hoursAgo(3),
      action: 'login',
      entity: 'sessions',
      entity_id: '21',
      after: { user: 'anna@jablonka.pl' },
    }),
    auditEntryFixture({
      id: 3,
      at: hoursAgo(5),
      id_client: 12,
      client_name: 'Closed Farm',
      actor_user: 1,
      actor_email: 'operator@kropla.app',
      actor_client: 3,
      actor_client_name: 'Demo Farm Kropla',
      support: true,
      action: 'switch_in',
      entity: 'support',
      entity_id: '12',
      reason: 'Ticket 99',
    }),
    auditEntryFixture({
      id: 4,
      at: hoursAgo(24 * 20),
      entity: 'schedules',
      entity_id: '7',
      after: { name: 'Old' },
    }),
  ]
  return data
}

/** The fleet with a module still on PIN logins and one on PIN logins that someone is guessing. */
function guessedFleet(): FakeOperator {
  const data = fakeOperator()
  data.devices = [
    ...data.devices.map((row) => (row.serial === 'FREE-0001' ? { ...row, login: 'pin' as const } : row)),
    operatorModuleFixture({
      id: 33,
      serial: 'JAB-PIN-2',
      login: 'pin',
      last_failed_login_at: '2026-05-01T09:00:00.000Z',
      failed_logins_recent: true,
      rejections: 40,
    }),
  ]
  return data
}

describe("modules' logins (issue 23)", () => {
  it('filters the fleet to the modules still on PIN logins, and to those with failed logins within a day', async () => {
    open('/admin/adminus/devices', { data: guessedFleet() })
    const rows = async () =>
      within(await screen.findByTestId('operator-devices'))
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((text) => text?.includes('-'))
    await within(await screen.findByTestId('operator-devices')).findByText('JAB-AIR-1')
    expect(await rows()).toEqual(['FREE-0001', 'JAB-AIR-1', 'JAB-PIN-2'])
    const table = screen.getByTestId('operator-devices')
    expect(within(table).getAllByText('Device secret')).toHaveLength(1)
    expect(within(table).getAllByText('PIN')).toHaveLength(2)
    expect(within(table).getByText('Failed logins')).toBeTruthy()

    fireEvent.click(screen.getByRole('radio', { name: 'On PIN logins (2)' }))
    await waitFor(async () => expect(await rows()).toEqual(['FREE-0001', 'JAB-PIN-2']))
    fireEvent.click(screen.getByRole('radio', { name: 'Failed logins in 24 h (1)' }))
    await waitFor(async () => expect(await rows()).toEqual(['JAB-PIN-2']))
  })

  it('gives a module on PIN logins a secret from its page, saying first what happens, never showing it', async () => {
    const data = guessedFleet()
    const { server } = open('/admin/adminus/devices/33', { data })
    const card = await screen.findByTestId('module-login')
    expect(within(card).getByText(/^Logs in with its PIN \(made before device secrets\)/)).toBeTruthy()
    expect(within(card).getByTestId('failed-logins').textContent).toMatch(
      /^Failed logins in the last 24 h, the last at .+: someone may be trying its password\.$/,
    )
    fireEvent.click(within(card).getByRole('button', { name: 'Give this module a secret' }))
    const dialog = await screen.findByRole('dialog', { name: 'Give this module a secret' })
    expect(within(dialog).getByText(/its PIN stays its claim code and no longer logs it in/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the secret' }))
    expect(await screen.findByText('Secret sent: waiting for the module to confirm.')).toBeTruthy()
    expect(server.state.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/devices/33/credentials',
    ])
    // On its way: said so, and not sent twice.
    expect((await within(card).findByTestId('credentials-state')).textContent).toMatch(
      /^A secret is on its way since .+: waiting for the module to confirm \(at most a day\)\.$/,
    )
    await waitFor(() =>
      expect(
        (within(card).getByRole('button', { name: 'Give this module a secret' }) as HTMLButtonElement)
          .disabled,
      ).toBe(true),
    )
  })

  it('says it in Polish', async () => {
    open('/admin/adminus/devices/33', { data: guessedFleet(), lang: 'pl' })
    const card = await screen.findByTestId('module-login')
    expect(within(card).getByText('Kodem PIN')).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Nadaj modułowi sekret' })).toBeTruthy()
    open('/admin/adminus/devices', { data: guessedFleet(), lang: 'pl' })
    expect(await screen.findByRole('radio', { name: 'Logujące się kodem PIN (2)' })).toBeTruthy()
  })
})

describe('the audit log screens', () => {
  it("shows the operator every account's entries, before and after, and filters by account, user, kind and time", async () => {
    const { server } = open('/admin/adminus/logs', { data: loggedFleet() })
    const table = await screen.findByTestId('audit-table')
    expect(await within(table).findByText('name: North field → South field')).toBeTruthy()
    expect(within(table).getByText('Logged in')).toBeTruthy()
    expect(within(table).getByText('operator@kropla.app (support) on behalf of Closed Farm')).toBeTruthy()
    expect(within(table).getByText(/Ticket 99/)).toBeTruthy()
    // The last week by default: the entry of twenty days ago is not there.
    expect(screen.getByTestId('audit-count').textContent).toBe('3 entries')

    const choose = async (testId: string, option: string) => {
      fireEvent.click(screen.getByTestId(testId))
      fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }))
    }
    await choose('audit-filter-period', 'Last 30 days')
    await waitFor(() => expect(screen.getByTestId('audit-count').textContent).toBe('4 entries'))
    expect(within(screen.getByTestId('audit-table')).getByText('Schedules')).toBeTruthy()

    await choose('audit-filter-account', 'Sad Jabłonka')
    await waitFor(() => expect(screen.getByTestId('audit-count').textContent).toBe('3 entries'))
    expect(within(screen.getByTestId('audit-table')).queryByText(/Closed Farm/)).toBeNull()

    await choose('audit-filter-kind', 'Logins and logouts')
    await waitFor(() => expect(screen.getByTestId('audit-count').textContent).toBe('1 entry'))
    expect(within(screen.getByTestId('audit-table')).getByText('Logged in')).toBeTruthy()

    await choose('audit-filter-user', 'anna@jablonka.pl')
    await waitFor(() =>
      expect(asked(server, '/api/admin/audit_log?').at(-1)).toMatch(
        /^\/api\/admin\/audit_log\?id_client=11&id_user=21&entity=sessions&from=/,
      ),
    )
    await waitFor(() => expect(screen.getByTestId('audit-count').textContent).toBe('1 entry'))
  })

  it("shows an account admin their own account's log, with no account filter", async () => {
    const { server } = open('/settings/logs', { data: loggedFleet(), type: 1, user: { id_client: 11 } })
    const table = await screen.findByTestId('audit-table')
    expect(await within(table).findByText('name: North field → South field')).toBeTruthy()
    expect(within(table).queryByText(/Closed Farm/)).toBeNull()
    expect(screen.queryByTestId('audit-filter-account')).toBeNull()
    expect(asked(server, '/api/admin/')).toEqual([])
  })
})

describe('the back office in Polish', () => {
  const polishOperator = {
    lang: 'pl' as const,
    user: { time_zone: 'Europe/Warsaw', date_format: 'DD.MM.YYYY HH:mm' },
  }

  it('says the overview in Polish, with dates in the user’s zone and format', async () => {
    open('/admin/adminus', polishOperator)
    expect(await screen.findByRole('heading', { name: 'Panel operatora' })).toBeTruthy()
    expect((await screen.findAllByText('Konta klientów')).length).toBeGreaterThan(0)
    expect(screen.getAllByText('Milczące moduły').length).toBeGreaterThan(0)
    // 10:00 UTC on 1 May is 12:00 in Warsaw (summer time).
    expect(await screen.findByText('01.05.2026 12:00')).toBeTruthy()
    expect(screen.queryByText(/2026-05-01T/)).toBeNull()
  })

  it('lists the clients and the fleet in Polish', async () => {
    open('/admin/adminus/clients', polishOperator)
    expect(await screen.findByRole('heading', { name: 'Konta klientów' })).toBeTruthy()
    const clients = await screen.findByTestId('operator-clients')
    expect(within(clients).getByText('Sad Jabłonka')).toBeTruthy()
    // Midnight UTC on 1 March is 01:00 in Warsaw.
    expect(within(clients).getByText('01.03.2027 01:00')).toBeTruthy()
    expect(within(clients).getByText('Zablokowane')).toBeTruthy()
  })

  it('lists the devices in Polish', async () => {
    open('/admin/adminus/devices', polishOperator)
    const devices = await screen.findByTestId('operator-devices')
    expect(within(devices).getByText('JAB-AIR-1')).toBeTruthy()
    expect(within(devices).getByText('01.05.2026 12:00')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/Urządzenia|Moduły/)
    // A module nobody has activated is not called active, whatever its status column holds.
    const free = within(devices).getByRole('link', { name: 'FREE-0001' }).closest('tr') as HTMLElement
    expect(within(free).getByText(/^Nieaktywowany, /)).toBeTruthy()
    expect(within(free).queryByText(/^Aktywny/)).toBeNull()
  })
})

describe('a large fleet import (ADR 0094)', () => {
  it('shows the import going on in the background, step by step, then its report', async () => {
    const data = fakeOperator()
    const step = { id: 'job-1', lines: 2500, imported: 0, problems: [], error: null }
    data.importSteps = [
      { ...step, state: 'checking', done_lines: 0 },
      { ...step, state: 'importing', done_lines: 1200, imported: 1200 },
      { ...step, state: 'done', done_lines: 2500, imported: 2500 },
    ]
    const { server } = open('/admin/adminus/devices', { data })
    await screen.findByTestId('operator-devices')
    const input = document.querySelector('input[type="file"]') as HTMLInputElement
    const csv = new File(['serial,pin,model\n'], 'fleet.csv', { type: 'text/csv' })
    fireEvent.change(input, { target: { files: [csv] } })
    const progress = await screen.findByTestId('import-progress')
    expect(within(progress).getByText('Importing modules: 1200 of 2500')).toBeTruthy()
    expect(within(progress).getByRole('progressbar')).toBeTruthy()
    const report = await screen.findByTestId('import-report')
    expect(within(report).getByText('Imported 2500 modules.')).toBeTruthy()
    expect(screen.queryByTestId('import-progress')).toBeNull()
    expect(asked(server, '/api/admin/devices/import/')).toEqual([
      '/api/admin/devices/import/job-1',
      '/api/admin/devices/import/job-1',
    ])
  })
})
