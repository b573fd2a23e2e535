import type { OutputPlanRow } from '@kropla/domain'
import { meFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forecastFixture, planFixture, withIrrigation } from '../../testing/fake-irrigation'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { mediaQueries } from '../../testing/media-queries'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

/** Monday 23 November 2026, 10:00 in Warsaw: the week below is the current one. */
const now = Date.parse('2026-11-23T09:00:00.000Z')

beforeEach(() => {
  socket = createFakeSocket()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
})
afterEach(() => {
  vi.useRealTimers()
})

const control = { id: 6, name: 'Greenhouse fan', type: 4, deleted_at: null }

/** A week in Warsaw (UTC+1 in November): Monday 23 to Sunday 29 November 2026. */
const weekRuns: OutputPlanRow[] = [
  planFixture({ id: 1, open_at: '2026-11-23T05:00:00.000Z', duration: 30, status: 10, confirmed_state: 1 }),
  planFixture({ id: 2, id_output: 12, open_at: '2026-11-24T05:00:00.000Z', duration: 20, status: 5 }),
  planFixture({ id: 3, id_output: 13, open_at: '2026-11-26T05:00:00.000Z', duration: 15, fertigation: true }),
  planFixture({
    id: 4,
    id_output: 13,
    open_at: '2026-11-25T12:00:00.000Z',
    duration: 60,
    status: 10,
    confirmed_state: 1,
    Scheduler: control,
  }),
  planFixture({ id: 5, open_at: '2026-11-27T18:00:00.000Z', duration: 10, status: 6 }),
  planFixture({ id: 6, open_at: '2026-12-01T05:00:00.000Z', duration: 10 }),
]

/** The planner's 48 h reach Wednesday morning: from then on the daily 06:00 run is forecast. */
const forecastRuns: OutputPlanRow[] = ['25', '26', '27', '28', '29', '30'].map((day, index) =>
  forecastFixture({ id: -(index + 1), open_at: `2026-11-${day}T05:00:00.000Z`, duration: 15 }),
)

function calendar(
  path = '/calendar?date=2026-11-25',
  lang: 'en' | 'pl' = 'en',
  userZone: string | null = 'Europe/Warsaw',
  dateFormat = 'YYYY-MM-DD HH:mm:ss',
) {
  const me = meFixture({
    user: { lang, time_zone: userZone, client_time_zone: 'Europe/Warsaw', date_format: dateFormat },
  })
  const server = withIrrigation(createFakeServer(me, { isLoggedIn: true }), {
    manual_opens: [],
    plans: [...weekRuns],
    forecast: [...forecastRuns],
    nextId: 500,
  })
  return renderApp(path, { server, lang })
}

const forecastWindows = (server: ReturnType<typeof calendar>['server']) =>
  server.state.calls
    .filter((call) => call.path.startsWith('/api/outputs_plans/forecast?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])))

const planWindows = (server: ReturnType<typeof calendar>['server']) =>
  server.state.calls
    .filter((call) => call.path.startsWith('/api/outputs_plans?'))
    .map((call) => Object.fromEntries(new URLSearchParams(call.path.split('?')[1])))

describe('the calendar', () => {
  it("shows the week's runs on their days at the user's local times, coloured by result", async () => {
    const { server } = calendar()
    const monday = await screen.findByRole('region', { name: 'Mon 2026-11-23' })
    const executed = await within(monday).findByRole('listitem', {
      name: 'Valve north, Morning tomatoes, 06:00–06:30: Executed correctly',
    })
    expect(executed.dataset.result).toBe('executed')
    expect(executed.dataset.confirmed).toBe('true')
    expect(screen.getByTestId('run-2').dataset.result).toBe('error')
    expect(screen.getByTestId('run-3').dataset.result).toBe('fertigation')
    expect(screen.getByTestId('run-3').dataset.confirmed).toBe('false')
    expect(screen.getByTestId('run-4').getAttribute('aria-label')).toBe(
      'Valve east, Greenhouse fan, 13:00–14:00: Condition correct',
    )
    expect(screen.getByTestId('run-5').dataset.result).toBe('condition_error')
    // Next week's run is not on this week's page.
    expect(screen.queryByTestId('run-6')).toBeNull()
    expect(screen.getByTestId('calendar-range').textContent).toBe('Shown: 2026-11-23 – 2026-11-29')
    expect(planWindows(server)).toEqual([
      { from: '2026-11-22T23:00:00.000Z', to: '2026-11-29T23:00:00.000Z' },
    ])
  })

  it("counts days and times in the farm's zone and says so, naming the user's own when it differs", async () => {
    const { server } = calendar('/calendar?date=2026-11-25', 'en', 'America/New_York')
    // Monday 06:00 at the farm is 00:00 in New York: still Monday 06:00 here.
    const monday = await screen.findByRole('region', { name: 'Mon 2026-11-23' })
    expect(
      await within(monday).findByRole('listitem', {
        name: 'Valve north, Morning tomatoes, 06:00–06:30: Executed correctly',
      }),
    ).toBeTruthy()
    expect(planWindows(server)).toEqual([
      { from: '2026-11-22T23:00:00.000Z', to: '2026-11-29T23:00:00.000Z' },
    ])
    const zone = screen.getByTestId('calendar-zone').textContent ?? ''
    expect(zone).toContain("Times in the farm's time zone: Europe/Warsaw")
    expect(zone).toContain('Your time zone: America/New_York')
  })

  it('has its legend and wording in Polish', async () => {
    calendar('/calendar?date=2026-11-25', 'pl')
    const legend = await screen.findByRole('region', { name: 'Legenda' })
    for (const label of [
      'Wykonane poprawnie',
      'Błąd',
      'Warunek poprawny',
      'Błąd warunku',
      'Fertygacja',
      'Zaplanowane',
    ])
      expect(within(legend).getByText(label)).toBeTruthy()
    expect(
      await screen.findByRole('listitem', {
        name: 'Valve north, Morning tomatoes, 06:00–06:30: Wykonane poprawnie',
      }),
    ).toBeTruthy()
  })

  it('moves between weeks and to a single day', async () => {
    const { server } = calendar()
    await screen.findByTestId('run-1')
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }))
    expect(await screen.findByTestId('run-6')).toBeTruthy()
    expect(screen.queryByTestId('run-1')).toBeNull()
    expect(screen.getByTestId('calendar-range').textContent).toBe('Shown: 2026-11-30 – 2026-12-06')
    expect(planWindows(server).at(-1)).toEqual({
      from: '2026-11-29T23:00:00.000Z',
      to: '2026-12-06T23:00:00.000Z',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }))
    expect(await screen.findByTestId('run-1')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Day' }))
    const wednesday = await screen.findByRole('region', { name: 'Wed 2026-11-25' })
    await waitFor(() => expect(screen.queryByTestId('run-1')).toBeNull())
    expect(within(wednesday).getByTestId('run-4')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }))
    expect(await screen.findByRole('region', { name: 'Thu 2026-11-26' })).toBeTruthy()
  })

  it('opens on the day on a phone, with the previous and next day and the week a tap away', async () => {
    const matchMedia = window.matchMedia
    window.matchMedia = mediaQueries((query) => query.includes('max-width'))
    try {
      const { server } = calendar()
      const wednesday = await screen.findByRole('region', { name: 'Wed 2026-11-25' })
      expect(await within(wednesday).findByTestId('run-4')).toBeTruthy()
      expect(screen.queryByRole('region', { name: 'Mon 2026-11-23' })).toBeNull()
      expect(screen.getByTestId('calendar-range').textContent).toBe('Shown: 2026-11-25')
      // Only the day was asked for: no week fetched and drawn first.
      expect(planWindows(server)).toEqual([
        { from: '2026-11-24T23:00:00.000Z', to: '2026-11-25T23:00:00.000Z' },
      ])
      fireEvent.click(screen.getByRole('button', { name: 'Previous day' }))
      expect(await screen.findByRole('region', { name: 'Tue 2026-11-24' })).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Next day' }))
      fireEvent.click(screen.getByRole('button', { name: 'Next day' }))
      expect(await screen.findByRole('region', { name: 'Thu 2026-11-26' })).toBeTruthy()
      fireEvent.click(screen.getByRole('radio', { name: 'Week' }))
      expect(await screen.findByRole('region', { name: 'Mon 2026-11-23' })).toBeTruthy()
      expect(screen.getByTestId('calendar-range').textContent).toBe('Shown: 2026-11-23 – 2026-11-29')
    } finally {
      window.matchMedia = matchMedia
    }
  })

  it("names a day's view by its one date, in the user's date format and language", async () => {
    calendar('/calendar?date=2026-11-25&view=day', 'pl', 'Europe/Warsaw', 'DD.MM.YYYY HH:mm')
    expect(await screen.findByRole('region', { name: /25\.11\.2026/ })).toBeTruthy()
    expect(screen.getByTestId('calendar-range').textContent).toBe('Pokazany dzień: 25.11.2026')
  })

  it('adds, moves and removes runs as the server announces them', async () => {
    calendar()
    await screen.findByTestId('run-1')
    socket.serverEmits('outputs_plans', [
      planFixture({
        id: 9,
        id_output: 12,
        open_at: '2026-11-28T07:30:00.000Z',
        duration: 45,
        Scheduler: null,
      }),
    ])
    const saturday = screen.getByRole('region', { name: 'Sat 2026-11-28' })
    expect(
      await within(saturday).findByRole('listitem', {
        name: 'Valve south, Deleted schedule, 08:30–09:15: Planned',
      }),
    ).toBeTruthy()
    // The run was executed: its colour follows.
    socket.serverEmits('outputs_plans', [
      planFixture({ id: 9, id_output: 12, open_at: '2026-11-28T07:30:00.000Z', duration: 45, status: 5 }),
    ])
    await waitFor(() => expect(screen.getByTestId('run-9').dataset.result).toBe('error'))
    // Replanned into next week: it leaves this one.
    socket.serverEmits('outputs_plans', [planFixture({ id: 9, open_at: '2026-12-02T07:30:00.000Z' })])
    await waitFor(() => expect(screen.queryByTestId('run-9')).toBeNull())
    socket.serverEmits('deleted_outputs_plans', { ids: [1, 2] })
    await waitFor(() => expect(screen.queryByTestId('run-1')).toBeNull())
    expect(screen.queryByTestId('run-2')).toBeNull()
    expect(screen.getByTestId('run-3')).toBeTruthy()
  })

  it('shows runs on all 7 days of the week, those beyond the planner’s horizon marked as forecast', async () => {
    const { server } = calendar()
    const days = ['Mon 2026-11-23', 'Tue 2026-11-24', 'Wed 2026-11-25', 'Thu 2026-11-26', 'Fri 2026-11-27']
    const weekend = ['Sat 2026-11-28', 'Sun 2026-11-29']
    for (const name of [...days, ...weekend]) {
      const day = await screen.findByRole('region', { name })
      expect(within(day).getAllByRole('listitem').length, name).toBeGreaterThan(0)
    }
    const saturday = screen.getByRole('region', { name: 'Sat 2026-11-28' })
    const forecast = within(saturday).getByRole('listitem', {
      name: 'Valve north, Morning tomatoes, 06:00–06:15: Forecast',
    })
    expect(forecast.dataset.forecast).toBe('true')
    expect(forecast.style.borderStyle || forecast.style.border).toContain('dashed')
    // Stored runs are not forecast; the next week's forecast stays on its own page.
    expect(screen.getByTestId('run-1').dataset.forecast).toBe('false')
    expect(screen.queryByTestId('forecast-6')).toBeNull()
    expect(within(screen.getByRole('region', { name: 'Legend' })).getByText('Forecast')).toBeTruthy()
    expect(forecastWindows(server)).toEqual([
      { from: '2026-11-22T23:00:00.000Z', to: '2026-11-29T23:00:00.000Z' },
    ])

    // The planner reaches Saturday: the forecast run becomes the planned one, live.
    socket.serverEmits('outputs_plans', [
      planFixture({ id: 77, open_at: '2026-11-28T05:00:00.000Z', duration: 15 }),
    ])
    const planned = await within(saturday).findByRole('listitem', {
      name: 'Valve north, Morning tomatoes, 06:00–06:15: Planned',
    })
    expect(planned.dataset.forecast).toBe('false')
    expect(screen.queryByTestId('forecast-4')).toBeNull()
    expect(within(saturday).getAllByRole('listitem')).toHaveLength(1)
    // The planner planned: the forecast beyond its new horizon is asked again.
    await waitFor(() => expect(forecastWindows(server)).toHaveLength(2))
    // A week already over asks for no forecast.
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }))
    expect(await screen.findByRole('region', { name: 'Mon 2026-11-16' })).toBeTruthy()
    expect(forecastWindows(server).map((window) => window.from)).not.toContain('2026-11-15T23:00:00.000Z')
  })

  it('labels the forecast in Polish', async () => {
    calendar('/calendar?date=2026-11-25', 'pl')
    const legend = await screen.findByRole('region', { name: 'Legenda' })
    expect(within(legend).getByText('Prognoza')).toBeTruthy()
    const forecast = await screen.findAllByRole('listitem', {
      name: 'Valve north, Morning tomatoes, 06:00–06:15: Prognoza',
    })
    expect(forecast).toHaveLength(5)
  })

  it('is in the main menu, with manual control beside it', async () => {
    renderApp('/', { isLoggedIn: true })
    const menu = await screen.findByTestId('main-nav')
    expect(within(menu).getByRole('link', { name: 'Calendar' }).getAttribute('href')).toBe('/calendar')
    expect(within(menu).getByRole('link', { name: 'Manual control' }).getAttribute('href')).toBe(
      '/manual_control',
    )
  })
})
