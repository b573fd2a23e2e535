import { meOfType } from '@kropla/domain/testing'
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { testRun, withTestArea } from '../../testing/fake-test-area'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

function openTestArea(path: string, runs = [testRun(2), testRun(1)], lang: 'en' | 'pl' = 'en') {
  const me = meOfType(1, {
    client_time_zone: 'Europe/Warsaw',
    time_zone: null,
    date_format: 'YYYY-MM-DD HH:mm',
  })
  const server = withTestArea(createFakeServer(me, { isLoggedIn: true }), { runs })
  return { ...renderApp(path, { server, lang }), server }
}

describe('the test area start', () => {
  it('links to each part and shows the history with who, when (farm time) and each item', async () => {
    openTestArea('/test', [
      testRun(2, {
        kind: 'group',
        subject_name: 'North valves',
        result: 'partial',
        details: {
          seconds: 5,
          items: [
            { key: 'output:11', label: 'Valve north', result: 'pass', reason: null },
            { key: 'output:12', label: 'Valve south', result: 'fail', reason: 'command_timed_out' },
          ],
        },
      }),
      testRun(1),
    ])
    expect(await screen.findByRole('heading', { name: 'Test area' })).toBeTruthy()
    for (const part of ['Modules', 'Group walks', 'Resources', 'Weather stations', 'Notifications'])
      expect(within(screen.getByTestId('test-parts')).getByRole('link', { name: part })).toBeTruthy()
    const walk = await screen.findByTestId('test-run-2')
    expect(within(walk).getByText('Group walk: North valves')).toBeTruthy()
    expect(within(walk).getByText('Partly passed')).toBeTruthy()
    // 08:00 UTC is 10:00 at the farm (Warsaw, summer time).
    expect(within(walk).getByText('2026-05-01 10:00 · Anna Nowak · 5 s per output')).toBeTruthy()
    const failed = within(walk).getByTestId('test-item-output:12')
    expect(within(failed).getByText('Failed')).toBeTruthy()
    expect(
      within(failed).getByText('The module did not answer the command in time.', { exact: false }),
    ).toBeTruthy()
  })

  it('puts a run on top as it starts and follows it to its result, live', async () => {
    openTestArea('/test', [testRun(1)])
    await screen.findByTestId('test-run-1')
    socket.serverEmits(
      'test_runs',
      testRun(5, { result: 'running', finished_at: null, subject_name: 'Valve east' }),
    )
    const running = await screen.findByTestId('test-run-5')
    expect(within(running).getByText('Running')).toBeTruthy()
    const cards = screen.getAllByTestId(/^test-run-/)
    expect(cards[0]?.getAttribute('data-testid')).toBe('test-run-5')
    socket.serverEmits('test_runs', testRun(5, { result: 'fail', subject_name: 'Valve east' }))
    expect(await within(screen.getByTestId('test-run-5')).findByText('Failed')).toBeTruthy()
  })

  it('reads older tests on demand, and says so when there are none, in Polish too', async () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      testRun(25 - index, { subject_name: `Zawór ${25 - index}` }),
    )
    openTestArea('/test', many, 'pl')
    await screen.findByTestId('test-run-25')
    expect(screen.queryByTestId('test-run-5')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Starsze testy' }))
    expect(await screen.findByTestId('test-run-1')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Starsze testy' })).toBeNull()
  })

  it('shows how far a counter on an input counted during a resource walk', async () => {
    openTestArea('/test', [
      testRun(3, {
        kind: 'resources',
        subject_name: '',
        details: {
          seconds: 2,
          items: [
            { key: 'output:11', label: 'Main well: Valve north', result: 'pass', reason: null },
            {
              key: 'counter:14',
              label: 'Rain gauge',
              result: 'pass',
              reason: null,
              count_start: 10,
              count_end: 14,
            },
            {
              key: 'counter:15',
              label: 'Flowmeter',
              result: 'skipped',
              reason: 'test_no_count',
              count_start: 3,
              count_end: 3,
            },
          ],
        },
      }),
    ])
    const run = await screen.findByTestId('test-run-3')
    expect(within(run).getByText('Resource walk')).toBeTruthy()
    expect(within(within(run).getByTestId('test-item-counter:14')).getByText('+4 pulses')).toBeTruthy()
    const quiet = within(run).getByTestId('test-item-counter:15')
    expect(within(quiet).getByText('Skipped')).toBeTruthy()
    expect(within(quiet).getByText('Did not count while the walk ran.')).toBeTruthy()
  })

  it('says when nothing was tested yet', async () => {
    openTestArea('/test', [])
    expect(await screen.findByText('No tests yet.')).toBeTruthy()
  })
})
