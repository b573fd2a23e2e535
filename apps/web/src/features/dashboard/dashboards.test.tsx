import type { Dashboard, LiveDataRow } from '@kropla/domain'
import { meFixture, objectFixture } from '@kropla/domain/testing'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { emptyWeather, withWeather } from '../../testing/fake-weather'
import { mediaQueries } from '../../testing/media-queries'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

let isPhone = false
beforeEach(() => {
  socket = createFakeSocket()
  isPhone = false
  window.matchMedia = mediaQueries((query) => isPhone && query.includes('max-width'))
})

const probe = objectFixture({
  id: 1,
  name: 'North probe',
  serial: 'PROBE',
  last_device_model: 'AM-100-101',
  last_data_at: new Date().toISOString(),
  latest: { HUMIDITY_1: { value: 12, dtimestamp: new Date().toISOString(), previous: null } },
})

/** An account without weather stations: the weather widget shows its empty panel. */
const noStations = {
  settings: {
    settings: { air_object_id: null, rain_output_id: null, wind_output_id: null },
    choices: { air_stations: [], rain_gauges: [], anemometers: [] },
  },
  weatherFor: () => emptyWeather(),
}

function app(dashboards?: Dashboard[], path = '/', lang: 'en' | 'pl' = 'en') {
  const server = withWeather(
    createFakeServer(meFixture({ user: { lang }, objects: [probe] }), { isLoggedIn: true }),
    noStations,
  )
  if (dashboards) server.state.dashboards = dashboards
  renderApp(path, { server, lang })
  return server
}

const place = (y: number, x = 0, w = 6, h = 4) => ({ x, y, w, h })
const moisture: Dashboard = {
  id: 7,
  name: 'Field',
  position: 0,
  widgets: [
    {
      id: 'hum',
      type: 'simple_chart',
      title: 'Moisture',
      layout: place(0, 0, 3),
      source: { id_object: 1, field: 'HUMIDITY_1' },
      days_back: 1,
    },
    { id: 'nfc', type: 'nfc_scan', title: '', layout: place(0, 3, 3) },
    { id: 'state', type: 'system_state', title: '', outputs: [], layout: place(4, 0, 12, 6) },
  ],
}

describe('dashboards', () => {
  it('shows the start dashboard at / with the module tiles, as a new account sees it', async () => {
    app()
    expect((await screen.findByTestId('dashboard-title')).textContent).toBe('Start')
    expect(await screen.findByTestId('tile-PROBE')).toBeTruthy()
  })

  it('adds a dashboard, refuses a 17-character name and keeps the only dashboard', async () => {
    const server = app()
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboards' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Start' }))
    expect((await within(dialog).findByTestId('dashboards-problem')).textContent).toBe(
      'Cannot delete the only dashboard.',
    )
    fireEvent.change(within(dialog).getByLabelText('New dashboard name'), {
      target: { value: 'x'.repeat(17) },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add dashboard' }))
    expect(
      await within(dialog).findByText('The dashboard name is too long (at most 16 characters).'),
    ).toBeTruthy()
    expect(server.callsTo('POST', '/api/dashboards')).toEqual([])

    fireEvent.change(within(dialog).getByLabelText('New dashboard name'), { target: { value: 'Orchard' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add dashboard' }))
    await waitFor(() => expect(screen.getByTestId('dashboard-title').textContent).toBe('Orchard'))
    expect(await screen.findByRole('tab', { name: 'Start' })).toBeTruthy()
    expect(screen.getByTestId('dashboard-empty')).toBeTruthy()
  })

  it('refuses the 17th dashboard in the catalogue wording, in Polish', async () => {
    const many = Array.from({ length: 16 }, (_, index) => ({
      id: index + 1,
      name: `P${index + 1}`,
      position: index,
      widgets: [],
    }))
    app(many, '/', 'pl')
    fireEvent.click(await screen.findByRole('button', { name: 'Pulpity' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Nazwa nowego pulpitu'), { target: { value: 'Jeszcze' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dodaj pulpit' }))
    expect((await within(dialog).findByTestId('dashboards-problem')).textContent).toBe(
      'Zbyt wiele pulpitów: konto może mieć najwyżej 16.',
    )
  })

  it('says No device selected for a chart without one', async () => {
    app([moisture], '/dashboard/7')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Chart' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('days')).toBeTruthy()
    expect(within(dialog).getByText('points')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }))
    expect(await within(dialog).findByText('No device selected')).toBeTruthy()
  })

  it('adds a widget and saves the layout on the server', async () => {
    const server = app([moisture], '/dashboard/7')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add widget' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Weather' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }))
    await waitFor(() => expect(server.callsTo('PUT', '/api/dashboards/7')).toHaveLength(1))
    const body = server.callsTo('PUT', '/api/dashboards/7')[0]!.body as Dashboard
    expect(body.widgets.map((widget) => widget.type)).toEqual([
      'simple_chart',
      'nfc_scan',
      'system_state',
      'weather',
    ])
    expect(body.widgets[3]!.layout).toEqual({ x: 0, y: 10, w: 6, h: 8 })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save layout' })).toBeNull())
    expect(await screen.findByTestId('weather-panel')).toBeTruthy()
  })

  it('renames and reorders dashboards', async () => {
    const second: Dashboard = { id: 8, name: 'Orchard', position: 1, widgets: [] }
    const server = app([moisture, second], '/dashboard/8')
    fireEvent.click(await screen.findByRole('button', { name: 'Dashboards' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Name of dashboard 2'), {
      target: { value: 'Old orchard' },
    })
    fireEvent.click(within(within(dialog).getByTestId('manage-8')).getByRole('button', { name: 'Rename' }))
    await waitFor(() => expect(screen.getByTestId('dashboard-title').textContent).toBe('Old orchard'))
    expect(server.callsTo('PUT', '/api/dashboards/8')[0]?.body).toEqual({ name: 'Old orchard', widgets: [] })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Old orchard up' }))
    await waitFor(() =>
      expect(server.callsTo('PUT', '/api/dashboards/order')[0]?.body).toEqual({ ids: [8, 7] }),
    )
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Old orchard', 'Field']),
    )
  })

  it('says so when the layout could not be saved, and keeps editing', async () => {
    const server = app([moisture], '/dashboard/7')
    server.state.failures.set('PUT /api/dashboards/7', { status: 500, code: 'dashboard_save_failed' })
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }))
    expect((await screen.findByTestId('dashboard-save-error')).textContent).toBe(
      'Failed to save the dashboard.',
    )
    expect(screen.getByRole('button', { name: 'Save layout' })).toBeTruthy()
  })

  it('follows readings as they arrive, with the unit', async () => {
    app([moisture], '/dashboard/7')
    const value = await screen.findByTestId('widget-value-hum')
    expect(value.textContent).toBe('12.0 %')
    const row: LiveDataRow = {
      id_object: 1,
      timestamp: new Date().toISOString(),
      dtimestamp: new Date().toISOString(),
      timestamp_unix: Math.floor(Date.now() / 1000),
      activation__: null,
      inactivation__: null,
      values: { HUMIDITY_1: 14.5 },
      previous: {},
    }
    act(() => socket.serverEmits('data', [row]))
    await waitFor(() => expect(screen.getByTestId('widget-value-hum').textContent).toBe('14.5 %'))
  })

  it('asks widget_irrigation for the system state', async () => {
    socket.answerRequest('widget_irrigation', () => ({
      ok: true,
      outputs: [
        {
          id: 11,
          name: 'Valve north',
          id_object: 1,
          kind: 'output',
          open: true,
          source: 'manual',
          close_at: null,
          id_schedule: null,
        },
      ],
    }))
    app([moisture], '/dashboard/7')
    expect((await screen.findByTestId('output-state-11')).textContent).toBe('Open')
    expect(socket.requests).toContainEqual({ event: 'widget_irrigation', payload: { outputs: [] } })
  })

  it('on a phone, lists the widgets in the desktop order and moves them up and down', async () => {
    isPhone = true
    const server = app([moisture], '/dashboard/7')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }))
    const list = await screen.findByTestId('dashboard-phone-list')
    const titles = () =>
      within(list)
        .getAllByText(/Moisture|NFC scan|System state/)
        .map((node) => node.textContent)
    expect(titles()).toEqual(['Moisture', 'NFC scan', 'System state'])
    fireEvent.click(within(list).getByRole('button', { name: 'Move System state up' }))
    await waitFor(() => expect(titles()).toEqual(['Moisture', 'System state', 'NFC scan']))
    fireEvent.click(screen.getByRole('button', { name: 'Save layout' }))
    await waitFor(() => expect(server.callsTo('PUT', '/api/dashboards/7')).toHaveLength(1))
  })
})
