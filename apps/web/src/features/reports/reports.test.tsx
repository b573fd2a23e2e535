import { meFixture, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type FakeReports, withReports } from '../../testing/fake-reports'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

/** Tuesday 2 June 2026, 12:00 UTC (14:00 in Warsaw). */
const now = Date.parse('2026-06-02T12:00:00.000Z')

beforeEach(() => {
  socket = createFakeSocket()
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(now)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

const objects = [
  objectFixture({ id: 1, name: 'Tomato probe', last_device_model: 'AM-100-103' }),
  objectFixture({ id: 2, name: 'Greenhouse air', serial: 'AIR-1', last_device_model: 'AM-200' }),
]

function openReports(path = '/reports', reports?: Partial<FakeReports>, lang: 'en' | 'pl' = 'en') {
  const me = meFixture({
    objects,
    user: { lang, time_zone: 'Europe/Warsaw', client_time_zone: 'Europe/Warsaw' },
  })
  const server = withReports(createFakeServer(me, { isLoggedIn: true }), {
    templates: [],
    nextId: 1,
    gate: null,
    failingModules: [],
    ...reports,
  })
  return { ...renderApp(path, { server, lang }), reports: server.reports }
}

async function choose(label: string | RegExp, option: string | RegExp) {
  const input = (await screen.findAllByLabelText(label)).find(
    (node) => node instanceof HTMLInputElement,
  ) as HTMLInputElement
  fireEvent.click(input)
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }))
}

const input = (label: string | RegExp) =>
  screen.getAllByLabelText(label).find((node) => node instanceof HTMLInputElement) as HTMLInputElement

const reportCalls = (server: ReturnType<typeof openReports>['server'], path = '/api/reports') =>
  server.state.calls.filter((call) => call.method === 'POST' && call.path === path)

/** A gate a test opens when it has seen what happens while a report is on its way. */
function gate() {
  let open = () => {}
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

describe('the reports creator', () => {
  it('offers the 19 types, states the maximum of sources and the farm zone, and refuses what the server would', async () => {
    const { server } = openReports()
    expect((await screen.findByTestId('source-count')).textContent).toContain('Sources: 0 of at most 40')
    expect(screen.getByTestId('report-zone').textContent).toContain("farm's time zone: Europe/Warsaw")
    fireEvent.click(input('Report type'))
    const types = await screen.findByRole('listbox', { name: 'Report type', hidden: true })
    expect(within(types).getAllByRole('option', { hidden: true })).toHaveLength(19)
    fireEvent.click(screen.getByRole('option', { name: 'Dew point', hidden: true }))

    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    expect(await screen.findByText('Choose at least one source.')).toBeTruthy()

    // Dew point is measured by the air sensor only.
    fireEvent.click(input('Modules'))
    const modules = await screen.findByRole('listbox', { name: 'Modules', hidden: true })
    expect(
      within(modules)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['Greenhouse air'])
    fireEvent.click(screen.getByRole('option', { name: 'Greenhouse air', hidden: true }))
    expect(screen.getByTestId('source-count').textContent).toContain('Sources: 1 of at most 40')

    fireEvent.change(input('Start (farm time)'), { target: { value: '2026-06-02T10:00' } })
    fireEvent.change(input('End (farm time)'), { target: { value: '2026-06-01T10:00' } })
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    expect(await screen.findByText('The start must not be after the end.')).toBeTruthy()

    fireEvent.change(input('End (farm time)'), { target: { value: '2026-06-02T18:00' } })
    expect(await screen.findByText('The dates must not be in the future.')).toBeTruthy()
    expect(reportCalls(server)).toHaveLength(0)
  })

  it('speaks Polish', async () => {
    openReports('/reports', {}, 'pl')
    expect((await screen.findByTestId('source-count')).textContent).toBe('Źródła: 0 z najwyżej 40')
    expect(screen.getByRole('heading', { name: 'Raporty' })).toBeTruthy()
    fireEvent.click(input('Typ raportu'))
    const types = await screen.findByRole('listbox', { name: 'Typ raportu', hidden: true })
    expect(within(types).getByRole('option', { name: 'Punkt rosy', hidden: true })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Generuj' }))
    expect(await screen.findByText('Wybierz co najmniej jedno źródło.')).toBeTruthy()
  })

  it('offers only the options of the chosen type', async () => {
    openReports()
    await screen.findByTestId('source-count')
    expect(screen.getByRole('switch', { name: /Compare with the previous period/ })).toBeTruthy()
    expect(screen.queryByRole('switch', { name: /Aggregate/ })).toBeNull()
    await choose('Report type', 'MCI')
    expect(await screen.findByRole('switch', { name: /Aggregate/ })).toBeTruthy()
    await choose('Report type', 'Delta humidity')
    expect(await screen.findByText('Delta value')).toBeTruthy()
    await choose('Report type', 'Irrigation')
    await waitFor(() => expect(screen.queryByRole('switch', { name: /Compare with/ })).toBeNull())
    expect(screen.queryByText('Grouping')).toBeNull()
  })
})

describe('generating a report', () => {
  it('shows progress, can be cancelled, then shows every row with units and names a failed source', async () => {
    const first = gate()
    const { server } = openReports('/reports', { gate: first.promise, failingModules: [2] })
    await screen.findByTestId('source-count')
    await choose('Modules', 'Tomato probe')
    // A three-level probe offers its three temperatures; keep them all, and add the air sensor.
    expect(screen.getByTestId('source-count').textContent).toContain('Sources: 3 of at most 40')
    await choose('Modules', 'Greenhouse air')
    fireEvent.change(input('Start (farm time)'), { target: { value: '2026-06-01T02:00' } })
    fireEvent.change(input('End (farm time)'), { target: { value: '2026-06-02T02:00' } })
    fireEvent.click(screen.getByRole('switch', { name: /Compare with the previous period/ }))
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))

    const progress = await screen.findByTestId('report-progress')
    expect(within(progress).getByRole('status').textContent).toContain('Generating the report…')
    fireEvent.click(within(progress).getByRole('button', { name: 'Cancel' }))
    // Back in the creator with the same choices.
    expect(await screen.findByText('The report was cancelled.')).toBeTruthy()
    expect((await screen.findByTestId('source-count')).textContent).toContain('Sources: 4 of at most 40')
    expect(input('Start (farm time)').value).toBe('2026-06-01T02:00')
    expect(screen.queryByTestId('report-table')).toBeNull()

    first.open()
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }))
    fireEvent.click(await screen.findByRole('radio', { name: 'Table' }))
    const table = await screen.findByRole('table', { name: 'Table' })
    // 24 hourly rows, from 00:00 UTC (02:00 in Warsaw): every row counted, times in the farm's zone.
    expect(table.getAttribute('aria-rowcount')).toBe('25')
    const rows = within(table).getAllByRole('row')
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Time',
      'Tomato probe: Temperature 1 · level 3',
      'Tomato probe: Temperature 1 · level 3 · previous period',
      'Tomato probe: Temperature 2 · level 2',
      'Tomato probe: Temperature 2 · level 2 · previous period',
      'Tomato probe: Temperature 3 · level 1',
      'Tomato probe: Temperature 3 · level 1 · previous period',
    ])
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-06-01 02:00', '10.0 °C', '5.0 °C', '10.0 °C', '5.0 °C', '10.0 °C', '5.0 °C'])
    expect(screen.getByTestId('failed-sources').textContent).toContain(
      'Not included, could not be read: Greenhouse air.',
    )
    expect(screen.getByTestId('previous-range').textContent).toContain(
      'Compared with 2026-05-31 02:00 – 2026-06-01 02:00',
    )
    const sent = reportCalls(server).at(-1)?.body as { sources: unknown[]; compare_previous: boolean }
    expect(sent.compare_previous).toBe(true)
    expect(sent.sources).toEqual([
      { id: 1, field: 'TEMP_1', name: 'Tomato probe' },
      { id: 1, field: 'TEMP_2', name: 'Tomato probe' },
      { id: 1, field: 'TEMP_3', name: 'Tomato probe' },
      { id: 2, field: 'TEMP_1', name: 'Greenhouse air' },
    ])
  })

  it('downloads the CSV with a progress bar that can be cancelled', async () => {
    const download = gate()
    const request = {
      type: 'temperature',
      sources: [{ id: 1, field: 'TEMP_1', name: 'Tomato probe' }],
      start_date: '2026-06-01T00:00:00.000Z',
      end_date: '2026-06-01T03:00:00.000Z',
    }
    const { server, reports } = openReports(
      `/reports/view?request=${encodeURIComponent(JSON.stringify(request))}`,
    )
    const saved: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob)
      return 'blob:report'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})

    const exportButton = await screen.findByRole('button', { name: 'Export CSV' })
    reports.gate = download.promise
    fireEvent.click(exportButton)
    const progress = await screen.findByTestId('export-progress')
    fireEvent.click(within(progress).getByRole('button', { name: 'Cancel the download' }))
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy()
    expect(saved).toHaveLength(0)

    download.open()
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect((await screen.findByTestId('export-done')).textContent).toContain(
      'CSV saved as report-temperature.csv.',
    )
    expect(click).toHaveBeenCalledTimes(1)
    expect(await saved[0]!.text()).toBe(
      '"timestamp","Tomato field probe TEMP_1"\n'.replace('Tomato field probe', 'Tomato probe') +
        '2026-06-01T00:00:00.000Z,10\n2026-06-01T01:00:00.000Z,11\n2026-06-01T02:00:00.000Z,12\n',
    )
    expect(reportCalls(server, '/api/reports/export')).toHaveLength(2)
  })
})

describe('report templates', () => {
  it('saves a template named 3 to 40 characters, loads, updates and deletes it', async () => {
    const { reports } = openReports()
    await screen.findByTestId('source-count')
    await choose('Modules', 'Tomato probe')
    fireEvent.change(input('Template name'), { target: { value: 'ab' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save as new template' }))
    expect(await screen.findByText('The template name has 3 to 40 characters.')).toBeTruthy()
    expect(reports.templates).toHaveLength(0)

    fireEvent.change(input('Template name'), { target: { value: 'Soil week' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save as new template' }))
    expect(await screen.findByText('Template "Soil week" saved.')).toBeTruthy()
    expect(reports.templates.map((template) => template.name)).toEqual(['Soil week'])
    expect(reports.templates[0]?.request.sources).toHaveLength(3)

    // Change the choice, update the template with it.
    await choose('Report type', 'Dew point')
    await choose('Modules', 'Greenhouse air')
    fireEvent.click(await screen.findByRole('button', { name: 'Update "Soil week"' }))
    await waitFor(() => expect(reports.templates[0]?.request.type).toBe('dew_point'))

    // Loading it brings its choices back.
    await choose('Report type', 'Temperature')
    await choose('Template', 'Soil week')
    await waitFor(() => expect(input('Report type').value).toBe('Dew point'))
    expect(screen.getByTestId('source-count').textContent).toContain('Sources: 1 of at most 40')

    fireEvent.click(screen.getByRole('button', { name: 'Delete "Soil week"' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete "Soil week"' }))
    expect(await screen.findByText('Template "Soil week" deleted.')).toBeTruthy()
    expect(reports.templates).toHaveLength(0)
  })
})
