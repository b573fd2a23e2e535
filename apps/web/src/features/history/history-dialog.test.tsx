import { meFixture, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { answerHistoryRequests } from '../../testing/fake-history'
import { createFakeObjectsServer, objectDetailFixture } from '../../testing/fake-objects'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()
const reading = (value: number) => ({ value, dtimestamp: minutesAgo(1), previous: null })

function farm(options: { lang?: 'en' | 'pl'; refuse?: string; path?: string } = {}) {
  const probe = objectFixture({
    id: 1,
    name: 'Tomato bed',
    serial: 'PROBE',
    last_device_model: 'AM-100-101',
    last_data_at: minutesAgo(1),
    latest: { HUMIDITY_1: reading(12), TEMP_1: reading(18), battvol: reading(3.6), sigstr: reading(70) },
  })
  const me = meFixture({ user: { lang: options.lang ?? 'en', time_zone: 'Europe/Warsaw' }, objects: [probe] })
  const { server } = createFakeObjectsServer({ me, objects: [objectDetailFixture({ ...probe })] })
  answerHistoryRequests(socket, me, { lang: options.lang, refuse: options.refuse })
  return renderApp(options.path ?? '/', { server, lang: options.lang ?? 'en' })
}

const historyRequests = () =>
  socket.requests
    .filter((request) => request.event === 'history_request')
    .map((request) => request.payload) as {
    id_object: number
    fields: string[]
    start_date: string
    end_date: string
    max_points: number
  }[]

describe('the history dialog of a value', () => {
  it('opens from a start card value and shows its last day raw, then a week as hourly averages', async () => {
    farm()
    fireEvent.click(await screen.findByTestId('history-PROBE-TEMP_1'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/History: .* · Tomato bed/)).toBeTruthy()
    const chart = await within(dialog).findByTestId('history-chart')
    expect(chart.dataset.resolution).toBe('raw')
    expect(Number(chart.dataset.points)).toBeGreaterThanOrEqual(143)
    expect(chart.getAttribute('aria-label')).toMatch(/chart: 14[45] points from/)
    expect(within(dialog).getByTestId('history-resolution').textContent).toBe('Every reading')
    const [first] = historyRequests()
    expect(first).toMatchObject({ id_object: 1, fields: ['TEMP_1'] })
    expect(Date.parse(first!.end_date) - Date.parse(first!.start_date)).toBe(86_400_000)
    expect(first!.max_points).toBeGreaterThanOrEqual(500)

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Week' }))
    await waitFor(() => expect(within(dialog).getByTestId('history-chart').dataset.resolution).toBe('hour'))
    expect(within(dialog).getByTestId('history-resolution').textContent).toBe(
      'Hourly averages, band from minimum to maximum',
    )
    const week = historyRequests().at(-1)!
    expect(Date.parse(week.end_date) - Date.parse(week.start_date)).toBe(7 * 86_400_000)
  })

  it('asks custom whole days and says when the dates are reversed', async () => {
    farm()
    fireEvent.click(await screen.findByTestId('history-PROBE-HUMIDITY_1'))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByTestId('history-chart')
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Custom' }))
    fireEvent.change(within(dialog).getByLabelText('From (date)'), { target: { value: '2026-03-28' } })
    fireEvent.change(within(dialog).getByLabelText('To (date)'), { target: { value: '2026-03-29' } })
    await waitFor(() =>
      expect(historyRequests().at(-1)).toMatchObject({
        // meFixture's user counts in Europe/Warsaw: whole local days, the 29th is 23 hours long.
        start_date: '2026-03-27T23:00:00.000Z',
        end_date: '2026-03-29T22:00:00.000Z',
      }),
    )
    fireEvent.change(within(dialog).getByLabelText('From (date)'), { target: { value: '2026-03-30' } })
    expect(await within(dialog).findByText('Choose a start date on or before the end date.')).toBeTruthy()
  })

  it('shows the server’s refusal in the user’s language, with a retry', async () => {
    farm({ lang: 'pl', refuse: 'module_not_found' })
    fireEvent.click(await screen.findByTestId('history-PROBE-TEMP_1'))
    const error = await screen.findByTestId('history-error')
    expect(error.textContent).toContain('Tego modułu nie ma na Twoim koncie.')
    expect(within(error).getByRole('button', { name: 'Spróbuj ponownie' })).toBeTruthy()
  })

  it('links a start card to its module page, which lists the recent readings with units', async () => {
    farm()
    fireEvent.click(await screen.findByRole('link', { name: 'Open the module page of Tomato bed' }))
    const recent = await screen.findByTestId('recent-readings')
    const table = await within(recent).findByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(headers[0]).toBe('Time')
    expect(headers.some((text) => /\(°C\)$/.test(text ?? ''))).toBe(true)
    expect(within(table).getAllByRole('row')).toHaveLength(11)
    fireEvent.click(within(table).getAllByRole('button', { name: /^History of / })[0]!)
    expect(await screen.findByTestId('history-chart')).toBeTruthy()
  })
})
