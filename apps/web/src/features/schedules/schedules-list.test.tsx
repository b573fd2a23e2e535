import { meFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { withResources } from '../../testing/fake-resources'
import { scheduleRowFixture, withSchedules } from '../../testing/fake-schedules'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

// The screen is a lazy chunk: loaded once here, so no test spends its own time waiting for it.
beforeAll(async () => {
  await import('./SchedulesScreen')
}, 60_000)

beforeEach(() => {
  socket = createFakeSocket()
})

const rows = () => [
  scheduleRowFixture({ id: 1, name: 'Tomatoes morning', next_run: '2026-05-04T06:00:00.000Z' }),
  scheduleRowFixture({
    id: 2,
    name: 'Peppers evening',
    type: 2,
    priority: 1,
    state: 'paused',
    paused_from: '2026-05-03T10:00:00.000Z',
    paused_until: '2026-05-10T12:00:00.000Z',
    expiration_date: '2026-09-30',
  }),
  scheduleRowFixture({
    id: 3,
    name: 'Greenhouse lights',
    type: 4,
    state: 'ended',
    ended_at: '2026-05-01T00:00:00Z',
  }),
  scheduleRowFixture({ id: 4, name: 'Old program', state: 'ended', hidden: true }),
]

/** A farm in Warsaw (summer time, UTC+2), by default seen from Warsaw, by a user who reads dates day first. */
function openSchedules(path = '/schedules', lang: 'en' | 'pl' = 'en', userZone = 'Europe/Warsaw') {
  const me = meFixture({
    user: { time_zone: userZone, client_time_zone: 'Europe/Warsaw', date_format: 'DD.MM.YYYY HH:mm', lang },
  })
  const server = withSchedules(withResources(createFakeServer(me, { isLoggedIn: true })), { rows: rows() })
  return { ...renderApp(path, { server, lang }), server }
}

const rowOf = async (id: number) => within(await screen.findByTestId(`schedule-row-${id}`))

describe('the schedules list', () => {
  it("shows the next run at the farm's time, saying so, to a user in another zone", async () => {
    openSchedules('/schedules', 'pl', 'America/New_York')
    const morning = await rowOf(1)
    expect(morning.getByTestId('schedule-next-run').textContent).toBe('04.05.2026 08:00')
    const note = screen.getByTestId('schedules-zone').textContent ?? ''
    expect(note).toContain('Godziny w strefie czasowej gospodarstwa: Europe/Warsaw')
    expect(note).toContain('Twoja strefa czasowa: America/New_York')
  })

  it('shows each schedule’s type, priority, state and next run in the farm’s time zone and the user’s format', async () => {
    openSchedules()
    const morning = await rowOf(1)
    expect(morning.getByText('Sequential')).toBeTruthy()
    expect(morning.getByText('Standard')).toBeTruthy()
    expect(morning.getByTestId('schedule-state').textContent).toBe('Active')
    expect(morning.getByTestId('schedule-next-run').textContent).toBe('04.05.2026 08:00')
    expect(morning.getByText('from 01.05.2026')).toBeTruthy()

    const evening = await rowOf(2)
    expect(evening.getByText('Simultaneous')).toBeTruthy()
    expect(evening.getByText('Higher')).toBeTruthy()
    expect(evening.getByTestId('schedule-state').textContent).toBe('Paused until 10.05.2026 14:00')
    expect(evening.getByTestId('schedule-next-run').textContent).toBe('None within 24 h')
    expect(evening.getByText('01.05.2026 – 30.09.2026')).toBeTruthy()

    const lights = await rowOf(3)
    expect(lights.getByText('Control, sequential')).toBeTruthy()
    expect(lights.getByTestId('schedule-state').textContent).toBe('Ended')
    // An ended schedule cannot be paused or ended again.
    expect(lights.queryByRole('button', { name: 'Pause Greenhouse lights' })).toBeNull()
    expect(lights.queryByRole('button', { name: 'End Greenhouse lights' })).toBeNull()
    expect(screen.queryByText('Old program')).toBeNull()
  })

  it('shows hidden ended schedules on request', async () => {
    const { server } = openSchedules('/kropla_2/schedulers')
    await rowOf(1)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show hidden ended schedules' }))
    expect(await screen.findByText('Old program')).toBeTruthy()
    expect(server.callsTo('GET', '/api/schedulers?hidden=1')).toHaveLength(1)
  })

  it('speaks Polish, with the Polish state words', async () => {
    openSchedules('/schedules', 'pl')
    const evening = await rowOf(2)
    expect(evening.getByTestId('schedule-state').textContent).toBe('Wstrzymany do 10.05.2026 14:00')
    expect((await rowOf(1)).getByTestId('schedule-state').textContent).toBe('Aktywny')
    expect(evening.getByTestId('schedule-next-run').textContent).toBe('Brak w ciągu 24 h')
  })

  it('pauses from now until the chosen moment, read in the user’s time zone', async () => {
    const { server } = openSchedules()
    const morning = await rowOf(1)
    fireEvent.click(morning.getByRole('button', { name: 'Pause Tomatoes morning' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause Tomatoes morning' })
    fireEvent.change(within(dialog).getByLabelText('Paused until (optional)'), {
      target: { value: '2026-05-10T14:00' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }))
    expect(await screen.findByText('Tomatoes morning paused.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/schedulers/1/pause')[0]?.body).toEqual({
      from: null,
      until: '2026-05-10T12:00:00.000Z',
    })
    await waitFor(async () =>
      expect((await rowOf(1)).getByTestId('schedule-state').textContent).toBe(
        'Paused until 10.05.2026 14:00',
      ),
    )
  })

  it('pauses without an end', async () => {
    const { server } = openSchedules()
    fireEvent.click((await rowOf(1)).getByRole('button', { name: 'Pause Tomatoes morning' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause Tomatoes morning' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }))
    await waitFor(async () =>
      expect((await rowOf(1)).getByTestId('schedule-state').textContent).toBe('Paused'),
    )
    expect(server.callsTo('POST', '/api/schedulers/1/pause')[0]?.body).toEqual({ from: null, until: null })
  })

  it('says the pause failed and shows the schedule as it was', async () => {
    const { server } = openSchedules()
    server.state.failures.set('POST /api/schedulers/1/pause', { status: 409, code: 'schedule_ended' })
    fireEvent.click((await rowOf(1)).getByRole('button', { name: 'Pause Tomatoes morning' }))
    const dialog = await screen.findByRole('dialog', { name: 'Pause Tomatoes morning' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pause' }))
    expect(await screen.findByText('Failed to create the pause.')).toBeTruthy()
    expect(screen.getByText('This schedule has ended.')).toBeTruthy()
    await waitFor(async () =>
      expect((await rowOf(1)).getByTestId('schedule-state').textContent).toBe('Active'),
    )
  })

  it('resumes a paused schedule', async () => {
    const { server } = openSchedules()
    fireEvent.click((await rowOf(2)).getByRole('button', { name: 'Resume Peppers evening' }))
    expect(await screen.findByText('Peppers evening resumed.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/schedulers/2/unpause')).toHaveLength(1)
    await waitFor(async () =>
      expect((await rowOf(2)).getByTestId('schedule-state').textContent).toBe('Active'),
    )
  })

  it('ends a schedule and keeps it listed, or hides it', async () => {
    const { server } = openSchedules()
    fireEvent.click((await rowOf(1)).getByRole('button', { name: 'End Tomatoes morning' }))
    let dialog = await screen.findByRole('dialog', { name: 'End Tomatoes morning' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the schedule' }))
    await waitFor(async () =>
      expect((await rowOf(1)).getByTestId('schedule-state').textContent).toBe('Ended'),
    )
    expect(server.callsTo('POST', '/api/schedulers/1/end')[0]?.body).toEqual({ hidden: false })

    fireEvent.click((await rowOf(2)).getByRole('button', { name: 'End Peppers evening' }))
    dialog = await screen.findByRole('dialog', { name: 'End Peppers evening' })
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Hide it from the list' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the schedule' }))
    await waitFor(() => expect(screen.queryByTestId('schedule-row-2')).toBeNull())
    expect(server.callsTo('POST', '/api/schedulers/2/end')[0]?.body).toEqual({ hidden: true })
  })

  it('deletes a schedule after the confirmation, and not before', async () => {
    const { server } = openSchedules()
    fireEvent.click((await rowOf(3)).getByRole('button', { name: 'Delete Greenhouse lights' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete Greenhouse lights' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(server.callsTo('DELETE', '/api/schedulers/3')).toHaveLength(0)

    fireEvent.click((await rowOf(3)).getByRole('button', { name: 'Delete Greenhouse lights' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete Greenhouse lights' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Greenhouse lights deleted.')).toBeTruthy()
    expect(screen.queryByTestId('schedule-row-3')).toBeNull()
    expect(server.callsTo('DELETE', '/api/schedulers/3')).toHaveLength(1)
  })

  it('says “Schedule data error” when the list cannot be read', async () => {
    const { server } = openSchedules()
    await rowOf(1)
    server.state.failures.set('GET /api/schedulers', { status: 403, code: 'access_denied' })
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show hidden ended schedules' }))
    expect(await screen.findByText('Schedule data error.')).toBeTruthy()
  })
})
