import type { LiveDataRow, MeResponse, ModuleDiagnostics } from '@kropla/domain'
import { meOfType, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defaultResources, withResources } from '../../testing/fake-resources'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { type FakeTestArea, testRun, withTestArea } from '../../testing/fake-test-area'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

const at = '2026-05-01T08:00:00.000Z'
const latest = (value: number) => ({ value, dtimestamp: at, previous: null })

function farmMe(): MeResponse {
  return {
    ...meOfType(1, { client_time_zone: 'Europe/Warsaw', time_zone: null, date_format: 'YYYY-MM-DD HH:mm' }),
    objects: [
      objectFixture({
        id: 1,
        name: 'Field valves',
        serial: 'VALVO-0001',
        last_device_model: 'AM-421',
        firmware: '2.4.1',
        last_data_at: at,
        latest: { sigstr: latest(72), battvol: latest(3.61), o1: latest(0) },
      }),
    ],
  }
}

const diagnostics: ModuleDiagnostics = {
  id: 1,
  name: 'Field valves',
  serial: 'VALVO-0001',
  outputs: [{ id: 11, name: 'Valve north', field_name: 'o1' }],
  messages: [{ at, direction: 'in', serial: 'VALVO-0001', kind: 'data', accepted: 3, rejected: 1 }],
  rejections: [{ reason: 'unknown_field', count: 2, last_at: at, last_detail: 'nonsense_field' }],
}

function open(path: string, area: Partial<FakeTestArea> = {}, lang: 'en' | 'pl' = 'en') {
  const server = withTestArea(
    withResources(createFakeServer(farmMe(), { isLoggedIn: true }), defaultResources()),
    {
      runs: [],
      diagnostics: { 1: diagnostics },
      outputs: { 11: 'Valve north', 12: 'Valve south' },
      groups: { 31: [11] },
      ...area,
    },
  )
  return { ...renderApp(path, { server, lang }), server }
}

function dataRow(values: Record<string, number>): LiveDataRow {
  return {
    id_object: 1,
    timestamp: '2026-05-01 10:05:00',
    dtimestamp: '2026-05-01T08:05:00.000Z',
    timestamp_unix: Date.parse('2026-05-01T08:05:00.000Z') / 1000,
    activation__: null,
    inactivation__: null,
    values,
    previous: {},
  }
}

describe('module tests', () => {
  it('lists the modules with connection, signal and battery', async () => {
    open('/test/objects')
    const row = await screen.findByTestId('test-object-1')
    expect(within(row).getByText('Connected')).toBeTruthy()
    expect(within(row).getByText('72 %')).toBeTruthy()
    expect(within(row).getByText(/^3[.,]6\d? V$/)).toBeTruthy()
    expect(within(row).getByRole('link', { name: 'Field valves' }).getAttribute('href')).toBe(
      '/test/objects/1',
    )
  })

  it('shows a module live: state, each input as it arrives, messages, refusals with reasons, pending configuration', async () => {
    open('/test/objects/1')
    expect(within(await screen.findByTestId('state-firmware')).getByText('2.4.1')).toBeTruthy()
    expect(within(screen.getByTestId('state-signal')).getByText('72 %')).toBeTruthy()
    expect(within(await screen.findByTestId('rejections')).getByText('unknown_field')).toBeTruthy()
    expect(within(screen.getByTestId('rejections')).getByText('nonsense_field')).toBeTruthy()
    expect(within(screen.getByTestId('last-messages')).getByText('From the module')).toBeTruthy()
    expect(
      await within(screen.getByTestId('pending-config')).findByText(/None: the module has confirmed/),
    ).toBeTruthy()
    socket.serverEmits('data', [dataRow({ sigstr: 55 })])
    expect(await within(screen.getByTestId('state-signal')).findByText('55 %')).toBeTruthy()
    const signal = screen.getByTestId('live-input-sigstr')
    expect(within(signal).getByText('New')).toBeTruthy()
    expect(within(screen.getByTestId('live-arrivals')).getByText(/2026-05-01 10:05 · .*55 %/)).toBeTruthy()
  })

  it('tests an output for the seconds given and follows the module’s confirmation live', async () => {
    const { server } = open('/test/objects/1')
    const button = await screen.findByRole('button', { name: /Test Valve north/ })
    fireEvent.change(screen.getByLabelText('Time per output'), { target: { value: '2' } })
    fireEvent.click(button)
    const live = await screen.findByTestId('live-run')
    expect(server.callsTo('POST', '/api/test/outputs/11')[0]?.body).toEqual({ seconds: 2 })
    expect(within(live).getByText('Running')).toBeTruthy()
    const run = server.testArea.runs[0]!
    socket.serverEmits('test_runs', {
      ...run,
      details: { ...run.details, items: [{ ...run.details.items[0]!, result: 'running' }] },
    })
    expect(await within(live).findByText('Output 1 of 1')).toBeTruthy()
    socket.serverEmits('test_runs', {
      ...run,
      result: 'pass',
      finished_at: at,
      details: { ...run.details, items: [{ ...run.details.items[0]!, result: 'pass' }] },
    })
    expect(await within(screen.getByTestId('live-run')).findAllByText('Passed')).toHaveLength(2)
    expect(screen.queryByTestId('cancel-test')).toBeNull()
  })

  it('refuses a test while a schedule runs the output, in the user’s language', async () => {
    open('/test/objects/1', { scheduled: [11] }, 'pl')
    fireEvent.click(await screen.findByRole('button', { name: /Testuj Valve north/ }))
    expect((await screen.findByTestId('test-refused')).textContent).toBe(
      'Na tym wyjściu działa harmonogram: ręczne otwarcie nie jest teraz możliwe.',
    )
  })

  it('checks the seconds before asking the server', async () => {
    const { server } = open('/test/objects/1')
    const button = await screen.findByRole('button', { name: /Test Valve north/ })
    fireEvent.change(screen.getByLabelText('Time per output'), { target: { value: '0' } })
    fireEvent.click(button)
    expect(await screen.findByText('The test time is a whole number of seconds from 1 to 600.')).toBeTruthy()
    expect(server.callsTo('POST', '/api/test/outputs/11')).toEqual([])
  })
})

describe('group walks', () => {
  it('lists the groups of outputs and walks one, with progress and a way to cancel', async () => {
    const { server } = open('/test/groups')
    fireEvent.click(await screen.findByRole('link', { name: 'North valves' }))
    expect(await screen.findByText('Valve north')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Start the walk' }))
    const live = await screen.findByTestId('live-run')
    expect(server.callsTo('POST', '/api/test/groups/31')[0]?.body).toEqual({ seconds: 3 })
    const run = server.testArea.runs[0]!
    socket.serverEmits('test_runs', {
      ...run,
      details: { ...run.details, items: [{ ...run.details.items[0]!, result: 'running' }] },
    })
    expect(await within(live).findByText('Output 1 of 1')).toBeTruthy()
    fireEvent.click(within(live).getByRole('button', { name: 'Cancel the test' }))
    expect(await within(live).findByRole('button', { name: 'Cancelling…' })).toBeTruthy()
    expect(server.callsTo('POST', `/api/test/runs/${run.id}/cancel`)).toHaveLength(1)
  })

  it('says when a group is not the account’s', async () => {
    open('/test/groups/999')
    expect(await screen.findByTestId('test-group-missing')).toBeTruthy()
  })
})

describe('resource walk', () => {
  it('lists the outputs walked once each and the counters on inputs rising live', async () => {
    const me = farmMe()
    me.objects.push(
      objectFixture({
        id: 2,
        name: 'Pump house',
        serial: 'UNI-0001',
        last_device_model: 'AM-600',
        latest: { DI_USR_3: latest(10) },
      }),
    )
    const server = withTestArea(
      withResources(createFakeServer(me, { isLoggedIn: true }), defaultResources()),
      {
        runs: [testRun(1)],
        outputs: { 11: 'Valve north' },
      },
    )
    renderApp('/test/resources', { server })
    expect((await screen.findByTestId('walked-outputs')).textContent).toBe('Tomatoes: Valve north')
    const counter = await screen.findByTestId('counter-14')
    expect(within(counter).getByText('Rain gauge')).toBeTruthy()
    socket.serverEmits('data', [{ ...dataRow({ DI_USR_3: 12 }), id_object: 2 }])
    await vi.waitFor(() =>
      expect(within(counter).getByTestId('counter-rise').textContent).toBe('2 pulses (2 mm)'),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Walk every output' }))
    await screen.findByTestId('live-run')
    expect(server.callsTo('POST', '/api/test/resources')[0]?.body).toEqual({ seconds: 3 })
  })
})
