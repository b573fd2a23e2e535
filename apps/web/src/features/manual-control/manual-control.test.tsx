import type { ManualOpenRow, OutputPlanRow } from '@kropla/domain'
import { meFixture, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  answerManualRequests,
  manualOpenFixture,
  outputRef,
  planFixture,
  withIrrigation,
} from '../../testing/fake-irrigation'
import { withResources } from '../../testing/fake-resources'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

const start = new Date('2026-11-23T10:00:00.000Z').getTime()
const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString()

beforeEach(() => {
  socket = createFakeSocket()
  // Only the clock is fake: the screen's one-second timer runs for real and reads the moved clock.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(start)
})
afterEach(() => {
  vi.useRealTimers()
})

const reading = (value: number) => ({ value, dtimestamp: at(-1), previous: null })

function farm(
  options: { opens?: ManualOpenRow[]; plans?: OutputPlanRow[]; lang?: 'en' | 'pl'; values?: number[] } = {},
) {
  const [north = 0, south = 0, east = 0] = options.values ?? []
  const me = meFixture({
    user: { lang: options.lang ?? 'en' },
    objects: [
      objectFixture({
        id: 1,
        name: 'Field valves',
        serial: 'VALVO-0001',
        last_device_model: 'AM-411',
        latest: { o1: reading(north), o2: reading(south), o3: reading(east) },
      }),
    ],
  })
  const server = withIrrigation(withResources(createFakeServer(me, { isLoggedIn: true })), {
    manual_opens: options.opens ?? [],
    plans: options.plans ?? [],
    nextId: 500,
  })
  answerManualRequests(socket, server.irrigation, options.lang ?? 'en')
  return renderApp('/manual_control', { server, lang: options.lang ?? 'en' })
}

const card = async (name: string) => screen.findByRole('region', { name })
const messageOf = (id: number) => screen.queryByTestId(`manual-message-${id}`)?.textContent ?? null
const remainingOf = (id: number) => screen.queryByTestId(`remaining-${id}`)?.textContent ?? null

describe('manual control: busy state of each output', () => {
  it('lists every output of the account by module, free when nothing runs', async () => {
    farm()
    const module = await screen.findByRole('region', { name: 'Outputs of Field valves' })
    expect(within(module).getByRole('region', { name: 'Valve north' })).toBeTruthy()
    expect(within(module).getByRole('region', { name: 'Valve east' })).toBeTruthy()
    // The rain gauge is an input, not an output to open.
    expect(screen.queryByRole('region', { name: 'Rain gauge' })).toBeNull()
    await waitFor(() => expect(screen.getByTestId('busy-11').textContent).toBe('Free'))
    expect(messageOf(11)).toBeNull()
  })

  it('shows the running schedule, manual opens and their remaining time, recomputed as the clock moves', async () => {
    farm({
      values: [1, 1, 0],
      plans: [planFixture({ id: 1, id_output: 11, open_at: at(-10), duration: 30, status: 2 })],
      opens: [
        manualOpenFixture({ id: 7, Output: outputRef(12), status: 2, open_at: at(-5), close_at: at(90) }),
        manualOpenFixture({ id: 8, Output: outputRef(13), status: 0, open_at: at(0) }),
      ],
    })
    await card('Valve north')
    await waitFor(() => expect(messageOf(11)).toBe('Automatic schedule running'))
    expect(screen.getByTestId('busy-11').textContent).toBe('Busy')
    expect(remainingOf(11)).toBe('Remaining: 20 min')
    expect(messageOf(12)).toBe('Manual opening active')
    expect(screen.getByTestId('busy-12').textContent).toBe('In progress')
    expect(remainingOf(12)).toBe('Remaining: 1.5 h')
    expect(messageOf(13)).toBe('Waiting to open')
    expect(screen.getByTestId('busy-13').textContent).toBe('Awaiting opening')

    vi.setSystemTime(start + 5.5 * 60_000)
    await waitFor(() => expect(remainingOf(11)).toBe('Remaining: 14.5 min'))
    vi.setSystemTime(start + (20 * 60 - 40) * 1000)
    await waitFor(() => expect(remainingOf(11)).toBe('Remaining: 40 s'))
    // The plan's time is up but the valve still reports open.
    vi.setSystemTime(start + 21 * 60_000)
    await waitFor(() => expect(messageOf(11)).toBe('Waiting to close'))
    expect(screen.getByTestId('busy-11').textContent).toBe('Awaiting closing')
  })

  it('follows the manual_opens events: opened, stopping, waiting to close', async () => {
    farm({ opens: [manualOpenFixture({ id: 8, Output: outputRef(13), status: 0, open_at: at(0) })] })
    await waitFor(() => expect(messageOf(13)).toBe('Waiting to open'))
    const row = (status: number) =>
      manualOpenFixture({ id: 8, Output: outputRef(13), status, open_at: at(0), close_at: at(10) })
    socket.serverEmits('manual_opens', [row(2)])
    await waitFor(() => expect(messageOf(13)).toBe('Manual opening active'))
    expect(remainingOf(13)).toBe('Remaining: 10 min')
    socket.serverEmits('manual_opens', [row(4)])
    await waitFor(() => expect(messageOf(13)).toBe('Stopping manual opening'))
    socket.serverEmits('manual_opens', [row(3)])
    await waitFor(() => expect(messageOf(13)).toBe('Waiting to close'))
    socket.serverEmits('manual_opens', [row(10)])
    await waitFor(() => expect(screen.getByTestId('busy-13').textContent).toBe('Free'))
  })

  it('a run announced by outputs_plans makes the output busy, and its removal frees it', async () => {
    farm({ values: [0, 1, 0] })
    await waitFor(() => expect(screen.getByTestId('busy-12').textContent).toBe('In progress'))
    socket.serverEmits('outputs_plans', [
      planFixture({ id: 40, id_output: 12, open_at: at(-1), duration: 10, status: 2, confirmed_state: 1 }),
    ])
    await waitFor(() => expect(messageOf(12)).toBe('Automatic schedule running'))
    expect(remainingOf(12)).toBe('Remaining: 9 min')
    socket.serverEmits('deleted_outputs_plans', { ids: [40] })
    await waitFor(() => expect(messageOf(12)).toBeNull())
  })

  it('says in Polish what each state means', async () => {
    farm({
      lang: 'pl',
      values: [1, 0, 0],
      plans: [planFixture({ id: 1, id_output: 11, open_at: at(-10), duration: 30, status: 2 })],
      opens: [manualOpenFixture({ id: 8, Output: outputRef(13), status: 0, open_at: at(0) })],
    })
    await waitFor(() => expect(messageOf(11)).toBe('Trwa harmonogram automatyczny'))
    expect(remainingOf(11)).toBe('Pozostało: 20 min')
    expect(messageOf(13)).toBe('Oczekiwanie na otwarcie')
  })
})

describe('manual control: opening and closing', () => {
  it('checks the minutes before asking the server', async () => {
    farm()
    await card('Valve north')
    const minutes = screen.getByRole('textbox', { name: 'Minutes for Valve north' })
    fireEvent.change(minutes, { target: { value: '0' } })
    fireEvent.click(screen.getByRole('button', { name: 'Open Valve north' }))
    expect(await screen.findByText('Manual opening minutes must be a number above 0')).toBeTruthy()
    fireEvent.change(minutes, { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Open Valve north' }))
    expect(await screen.findByText('Manual opening minutes must be a number above 0')).toBeTruthy()
    expect(socket.requests.filter((request) => request.event === 'manual_schedule')).toEqual([])
  })

  it('opens for N minutes: waiting to open at once, then what the events say', async () => {
    farm()
    await card('Valve south')
    fireEvent.change(screen.getByRole('textbox', { name: 'Minutes for Valve south' }), {
      target: { value: '25' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Open Valve south' }))
    await waitFor(() => expect(messageOf(12)).toBe('Waiting to open'))
    await waitFor(() =>
      expect(socket.requests).toContainEqual({
        event: 'manual_schedule',
        payload: { id_output: 12, on: true, minutes: 25 },
      }),
    )
    socket.serverEmits('manual_opens', [
      manualOpenFixture({ id: 500, Output: outputRef(12), status: 2, open_at: at(0), close_at: at(25) }),
    ])
    await waitFor(() => expect(messageOf(12)).toBe('Manual opening active'))
    expect(remainingOf(12)).toBe('Remaining: 25 min')
  })

  it('opens permanently and closes', async () => {
    farm({ values: [0, 1, 0] })
    await card('Valve south')
    fireEvent.click(screen.getByRole('switch', { name: 'Open Valve south permanently' }))
    fireEvent.click(screen.getByRole('button', { name: 'Open Valve south' }))
    await waitFor(() =>
      expect(socket.requests).toContainEqual({
        event: 'manual_schedule',
        payload: { id_output: 12, on: true, minutes: null },
      }),
    )
    socket.serverEmits('manual_opens', [
      manualOpenFixture({ id: 500, Output: outputRef(12), status: 2, minutes: null, open_at: at(0) }),
    ])
    await waitFor(() => expect(remainingOf(12)).toBe('Open until closed'))
    fireEvent.click(screen.getByRole('button', { name: 'Close Valve south' }))
    await waitFor(() => expect(messageOf(12)).toBe('Stopping manual opening'))
    await waitFor(() =>
      expect(socket.requests).toContainEqual({
        event: 'manual_schedule',
        payload: { id_output: 12, on: false, minutes: null },
      }),
    )
  })

  it("shows the server's refusal in the user's language and takes the guess back", async () => {
    farm({
      lang: 'pl',
      values: [1, 0, 0],
      plans: [planFixture({ id: 1, id_output: 11, open_at: at(-10), duration: 30, status: 2 })],
    })
    await waitFor(() => expect(messageOf(11)).toBe('Trwa harmonogram automatyczny'))
    fireEvent.click(screen.getByRole('button', { name: 'Otwórz Valve north' }))
    expect(
      await screen.findByText('Na tym wyjściu działa harmonogram: ręczne otwarcie nie jest teraz możliwe.'),
    ).toBeTruthy()
    expect(screen.getByText('Polecenie ręcznego otwarcia lub zamknięcia nie powiodło się.')).toBeTruthy()
    await waitFor(() => expect(messageOf(11)).toBe('Trwa harmonogram automatyczny'))
    expect(screen.getByTestId('busy-11').textContent).toBe('Zajęte')
  })

  it('says when the module later failed the manual open', async () => {
    farm()
    await card('Valve east')
    socket.serverEmits('manual_opens', [
      manualOpenFixture({ id: 9, Output: outputRef(13), status: 5, error: 'command_timed_out' }),
    ])
    expect((await screen.findByTestId('manual-failure-13')).textContent).toBe(
      'The last command failed: The module did not answer the command in time.',
    )
    expect(screen.getByTestId('busy-13').textContent).toBe('Free')
  })

  it('words a stored failure code in Polish, and unknown older text generically', async () => {
    farm({ lang: 'pl' })
    await card('Valve east')
    socket.serverEmits('manual_opens', [
      manualOpenFixture({ id: 9, Output: outputRef(13), status: 5, error: 'manual_not_closed' }),
      manualOpenFixture({ id: 8, Output: outputRef(11), status: 5, error: 'valve jammed' }),
    ])
    expect((await screen.findByTestId('manual-failure-13')).textContent).toBe(
      'Ostatnie polecenie nie powiodło się: Moduł nie zgłosił zamknięcia wyjścia po upływie czasu.',
    )
    expect(screen.getByTestId('manual-failure-11').textContent).toBe(
      'Ostatnie polecenie nie powiodło się: Polecenie ręcznego otwarcia lub zamknięcia nie powiodło się.',
    )
  })

  it('opens and closes a whole group', async () => {
    farm()
    const group = await screen.findByRole('region', { name: 'North valves' })
    fireEvent.change(within(group).getByRole('textbox', { name: 'Minutes for North valves' }), {
      target: { value: '15' },
    })
    fireEvent.click(within(group).getByRole('button', { name: 'Open group North valves' }))
    await waitFor(() => expect(messageOf(11)).toBe('Waiting to open'))
    await waitFor(() =>
      expect(socket.requests).toContainEqual({
        event: 'manual_group_schedule',
        payload: { id_group: 31, on: true, minutes: 15 },
      }),
    )
    fireEvent.click(within(group).getByRole('button', { name: 'Close group North valves' }))
    await waitFor(() =>
      expect(socket.requests).toContainEqual({
        event: 'manual_group_schedule',
        payload: { id_group: 31, on: false, minutes: null },
      }),
    )
  })

  it('sends a one-off manual sequence of several outputs', async () => {
    farm()
    const sequence = await screen.findByRole('region', { name: 'Manual sequence' })
    fireEvent.change(within(sequence).getByLabelText('Output of step 1'), { target: { value: '11' } })
    fireEvent.change(within(sequence).getByRole('textbox', { name: 'Minutes of step 1' }), {
      target: { value: '5' },
    })
    fireEvent.click(within(sequence).getByRole('button', { name: 'Add output' }))
    fireEvent.click(within(sequence).getByRole('button', { name: 'Start sequence' }))
    expect(await within(sequence).findByText('Field required')).toBeTruthy()
    fireEvent.change(within(sequence).getByLabelText('Output of step 2'), { target: { value: '13' } })
    fireEvent.change(within(sequence).getByRole('textbox', { name: 'Minutes of step 2' }), {
      target: { value: '0' },
    })
    fireEvent.click(within(sequence).getByRole('button', { name: 'Start sequence' }))
    expect(await within(sequence).findByText('Manual opening minutes must be a number above 0')).toBeTruthy()
    fireEvent.change(within(sequence).getByRole('textbox', { name: 'Minutes of step 2' }), {
      target: { value: '7' },
    })
    fireEvent.click(within(sequence).getByRole('button', { name: 'Start sequence' }))
    await waitFor(() =>
      expect(socket.requests).toContainEqual({
        event: 'manual_schedule_new',
        payload: {
          name: '',
          start_at: null,
          elements: [
            { id_output: 11, minutes: 5 },
            { id_output: 13, minutes: 7 },
          ],
        },
      }),
    )
    expect(await screen.findByText('The sequence is planned; its runs appear in the calendar.')).toBeTruthy()
  })
})
