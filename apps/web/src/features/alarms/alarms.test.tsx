import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { alarmRowFixture, alarmsMeFixture, createFakeAlarmsServer } from '../../testing/fake-alarms'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { mediaQueries } from '../../testing/media-queries'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

/** Warsaw is two hours ahead of UTC in May; the user reads day.month.year. */
const warsawUser = alarmsMeFixture({ user: { time_zone: 'Europe/Warsaw', date_format: 'DD.MM.YYYY HH:mm' } })

const moistureActive = alarmRowFixture({ id: 1, value: 18.2 })
const moistureEarlier = alarmRowFixture({
  id: 2,
  value: 17.4,
  activation_date: '2026-04-28T06:00:00.000Z',
  inactivation_date: '2026-04-28T09:30:00.000Z',
  active: false,
  confirmed: true,
  confirmation_date: '2026-04-28T07:00:00.000Z',
  confirmed_by: 8,
  confirmation_user_name: 'Piotr Zieliński',
})
const airHumidity = alarmRowFixture({
  id: 3,
  id_object: 6,
  object_name: 'Weather mast',
  object_serial: 'AIR-0006',
  alarm_name: 'humidity_gt',
  field: 'humidity',
  threshold: 90,
  value: 96.5,
  activation_date: '2026-04-30T20:00:00.000Z',
  inactivation_date: '2026-04-30T23:00:00.000Z',
  active: false,
})
const battery = alarmRowFixture({
  id: 4,
  alarm_name: 'battvol_lt',
  field: 'battvol',
  threshold: 3.1,
  value: 3.05,
  activation_date: '2026-04-29T12:00:00.000Z',
})

function openAlarms(
  rows = [moistureActive, moistureEarlier, airHumidity, battery],
  lang: 'en' | 'pl' = 'en',
) {
  const server = createFakeAlarmsServer(rows, warsawUser)
  const rendered = renderApp('/alarms', { server, lang })
  return { ...rendered, server }
}

async function table() {
  return screen.findByRole('table', { name: 'Alarms' })
}

/** The body rows' alarm ids, in the order shown. */
async function shownIds(): Promise<string[]> {
  const rows = within(await table())
    .getAllByRole('row')
    .slice(1)
  return rows.map((row) => row.getAttribute('data-testid')?.replace('alarm-row-', '') ?? '')
}

function rowOf(id: number) {
  return screen.getByTestId(`alarm-row-${id}`)
}

function cellTexts(id: number): string[] {
  return within(rowOf(id))
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '')
}

/** The alarms screen with the Remove of the inactive air-humidity alarm (id 3) clicked: its dialog open. */
async function askToRemoveInactiveAlarm() {
  const { server } = openAlarms()
  await table()
  fireEvent.click(
    screen.getByRole('button', {
      name: 'Remove: Air humidity higher than 90 %, Weather mast, 30.04.2026 22:00',
    }),
  )
  return { server, dialog: await screen.findByRole('dialog', { name: 'Remove the alarm' }) }
}

describe('the alarms table', () => {
  it('shows every alarm in words, with values, thresholds and dates in the user’s zone and format', async () => {
    openAlarms()
    await table()
    expect(await shownIds()).toEqual(['1', '3', '4', '2'])
    expect(cellTexts(1).slice(0, 7)).toEqual([
      'North probeTRIO-0005',
      'Soil moisture 1 lower than 20 %',
      '18.2 %',
      '20 %',
      '01.05.2026 12:00',
      '',
      'ActiveUnconfirmed',
    ])
    expect(cellTexts(4).slice(1, 4)).toEqual(['Battery voltage lower than 3.1 V', '3.05 V', '3.1 V'])
    expect(cellTexts(3).slice(1, 6)).toEqual([
      'Air humidity higher than 90 %',
      '96.5 %',
      '90 %',
      '30.04.2026 22:00',
      '01.05.2026 01:00',
    ])
    expect(cellTexts(2)[6]).toBe('InactiveConfirmed by Piotr Zieliński at 28.04.2026 09:00')
  })

  it('speaks Polish', async () => {
    openAlarms([moistureActive], 'pl')
    const alarms = await screen.findByRole('table', { name: 'Alarmy' })
    expect(within(alarms).getByText('Wilgotność gleby 1: poniżej 20 %')).toBeTruthy()
    expect(within(alarms).getByText('Aktywny')).toBeTruthy()
  })

  it('filters by state, by module and by text', async () => {
    openAlarms()
    await table()
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'inactive' } })
    expect(await shownIds()).toEqual(['3', '2'])
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'unconfirmed' } })
    expect(await shownIds()).toEqual(['1', '3', '4'])
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'all' } })

    const moduleFilter = screen.getByLabelText<HTMLSelectElement>('Module')
    expect([...moduleFilter.options].map((option) => option.textContent)).toEqual([
      'All modules',
      'North probe',
      'Weather mast',
    ])
    fireEvent.change(moduleFilter, { target: { value: '6' } })
    expect(await shownIds()).toEqual(['3'])
    fireEvent.change(moduleFilter, { target: { value: 'all' } })

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'battery' } })
    await waitFor(async () => expect(await shownIds()).toEqual(['4']))
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } })
    expect(await screen.findByText('No alarm matches the filters.')).toBeTruthy()
  })

  it('sorts by a column, and the other way round on a second click', async () => {
    openAlarms()
    await table()
    const valueHeader = screen.getByRole('columnheader', { name: /Value/ })
    fireEvent.click(within(valueHeader).getByRole('button'))
    expect(await shownIds()).toEqual(['4', '2', '1', '3'])
    expect(valueHeader.getAttribute('aria-sort')).toBe('ascending')
    fireEvent.click(within(valueHeader).getByRole('button'))
    expect(await shownIds()).toEqual(['3', '1', '2', '4'])
    expect(valueHeader.getAttribute('aria-sort')).toBe('descending')

    fireEvent.click(within(screen.getByRole('columnheader', { name: /Module/ })).getByRole('button'))
    expect((await shownIds())[0]).not.toBe('3')
    expect((await shownIds())[3]).toBe('3')
  })

  it('confirms one alarm as the session user, and then all', async () => {
    const { server } = openAlarms()
    await table()
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Confirm: Soil moisture 1 lower than 20 %, North probe, 01.05.2026 12:00',
      }),
    )
    await waitFor(() => expect(cellTexts(1)[6]).toBe('ActiveConfirmed by Anna Nowak at 01.05.2026 14:00'))
    expect(server.callsTo('POST', '/api/alarms/1/confirm')).toHaveLength(1)
    expect(within(rowOf(1)).queryByRole('button', { name: /^Confirm/ })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Confirm all' }))
    expect(await screen.findByText('Alarms confirmed: 2')).toBeTruthy()
    await waitFor(async () => expect(within(await table()).queryAllByText('Unconfirmed')).toHaveLength(0))
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Confirm all' }).disabled).toBe(true)
  })

  it('does not offer to remove an active alarm, and says why', async () => {
    openAlarms()
    await table()
    const remove = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Remove: Soil moisture 1 lower than 20 %, North probe, 01.05.2026 12:00',
    })
    expect(remove.disabled).toBe(true)
    const reason = document.getElementById(remove.getAttribute('aria-describedby') ?? '')
    expect(reason?.textContent).toBe('Active alarms are not deleted')
  })

  it('removes an inactive alarm after asking; it is then listed among the removed ones', async () => {
    const { server, dialog } = await askToRemoveInactiveAlarm()
    expect(within(dialog).getByText(/Air humidity higher than 90 %/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(screen.queryByTestId('alarm-row-3')).toBeNull())
    expect(server.callsTo('DELETE', '/api/alarms/3')).toHaveLength(1)

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'removed' } })
    await waitFor(async () => expect(await shownIds()).toEqual(['3']))
    expect(cellTexts(3)[6]).toBe('RemovedRemoved by Anna Nowak at 01.05.2026 14:00')
  })

  it('shows the server’s refusal when the alarm became active again meanwhile', async () => {
    const { server, dialog } = await askToRemoveInactiveAlarm()
    server.alarms.alarms = server.alarms.alarms.map((row) =>
      row.id === 3 ? { ...row, active: true, inactivation_date: null } : row,
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Active alarms are not deleted')
    // The list is read afresh: the alarm is active again, so its Remove is disabled.
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', {
          name: 'Remove: Air humidity higher than 90 %, Weather mast, 30.04.2026 22:00',
          hidden: true,
        }).disabled,
      ).toBe(true),
    )
  })

  it('opens the history of one alarm of one module: every activation', async () => {
    const { server } = openAlarms()
    await table()
    fireEvent.click(
      screen.getByRole('button', {
        name: 'History: Soil moisture 1 lower than 20 %, North probe, 01.05.2026 12:00',
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'History of the alarm' })
    const history = await within(dialog).findByRole('table', { name: 'History of the alarm' })
    const rows = within(history).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      '01.05.2026 12:00',
      '28.04.2026 08:00',
    ])
    expect(server.callsTo('GET', '/api/alarms/history?id_object=5&alarm_name=HUMIDITY_1_lt')).toHaveLength(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says when there are no alarms, and when loading failed', async () => {
    const server = createFakeAlarmsServer([], warsawUser)
    server.alarms.isDown = true
    renderApp('/alarms', { server })
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getByText('Application error. Please try again.')).toBeTruthy()
    server.alarms.isDown = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('No alarms. Your modules are within their thresholds.')).toBeTruthy()
  })
})

describe('live alarms', () => {
  it('adds a raised alarm at once and announces it in the user’s language', async () => {
    openAlarms([moistureEarlier], 'pl')
    await screen.findByRole('table', { name: 'Alarmy' })
    socket.serverEmits('alarms', [
      alarmRowFixture({
        id: 9,
        id_object: 6,
        object_name: 'Weather mast',
        alarm_name: 'TEMP_1_lt',
        field: 'TEMP_1',
        threshold: 2,
        value: 1.4,
        activation_date: '2026-05-01T11:59:00.000Z',
      }),
    ])
    await waitFor(() => expect(screen.getByTestId('alarm-row-9')).toBeTruthy())
    expect(screen.getByText('Alarm: Weather mast')).toBeTruthy()
    expect(screen.getByText('Temperatura 1: poniżej 2 °C, wartość 1,4 °C')).toBeTruthy()
  })

  it('moves a row to its new state without announcing it again', async () => {
    openAlarms([moistureActive])
    await table()
    socket.serverEmits('alarms', [
      { ...moistureActive, active: false, inactivation_date: '2026-05-01T11:00:00.000Z' },
    ])
    await waitFor(() => expect(cellTexts(1)[6]).toBe('InactiveUnconfirmed'))
    expect(screen.queryByText('Alarm: North probe')).toBeNull()
    socket.serverEmits('alarms', [{ ...moistureActive, deleted: true }])
    await waitFor(() => expect(screen.queryByTestId('alarm-row-1')).toBeNull())
  })
})

describe('the header badge', () => {
  it('counts active and unconfirmed alarms, then follows base_alarms', async () => {
    const server = createFakeAlarmsServer([moistureActive, moistureEarlier, airHumidity, battery], warsawUser)
    renderApp('/', { server })
    const badge = await screen.findByRole('link', { name: 'Alarms: 2 active, 3 unconfirmed' })
    expect(badge.getAttribute('href')).toBe('/alarms')
    socket.serverEmits('base_alarms', { active: 3, unconfirmed: 4 })
    expect(await screen.findByRole('link', { name: 'Alarms: 3 active, 4 unconfirmed' })).toBeTruthy()
    fireEvent.click(badge)
    expect(await screen.findByRole('heading', { name: 'Alarms' })).toBeTruthy()
  })

  it('says in words what each number counts: beside it on a wide screen, a tap away on a phone', async () => {
    const server = createFakeAlarmsServer([moistureActive, moistureEarlier, airHumidity, battery], warsawUser)
    renderApp('/', { server })
    await screen.findByRole('link', { name: 'Alarms: 2 active, 3 unconfirmed' })
    expect(screen.getByTestId('alarm-badge-active').textContent).toBe('Active: 2')
    expect(screen.getByTestId('alarm-badge-unconfirmed').textContent).toBe('Unconfirmed: 3')
  })

  it('on a phone opens a panel naming both counts, with the way to the alarms', async () => {
    const matchMedia = window.matchMedia
    window.matchMedia = mediaQueries((query) => query.includes('max-width'))
    try {
      const server = createFakeAlarmsServer(
        [moistureActive, moistureEarlier, airHumidity, battery],
        warsawUser,
      )
      renderApp('/', { server, lang: 'pl' })
      const badge = await screen.findByRole('button', { name: 'Alarmy: aktywne 2, niepotwierdzone 3' })
      expect(badge.textContent).toBe('23')
      fireEvent.click(badge)
      const details = await screen.findByTestId('alarm-badge-details')
      expect(details.textContent).toContain('2alarmy aktywne teraz')
      expect(details.textContent).toContain('3alarmy, których nikt jeszcze nie potwierdził')
      // jsdom never runs the panel's opening transition (it stays display: none), so not by role here.
      fireEvent.click(within(details).getByText('Pokaż alarmy'))
      expect(await screen.findByRole('heading', { name: 'Alarmy' })).toBeTruthy()
    } finally {
      window.matchMedia = matchMedia
    }
  })

  it('reads the counts afresh after the real-time channel was down (events meanwhile are lost)', async () => {
    const server = createFakeAlarmsServer([moistureActive, battery], warsawUser)
    renderApp('/', { server })
    await screen.findByRole('link', { name: 'Alarms: 2 active, 2 unconfirmed' })
    socket.disconnect()
    await waitFor(() => expect(screen.getByTestId('connection-state').getAttribute('data-state')).toBe('0'))
    server.alarms.alarms = [{ ...moistureActive, active: false }, battery]
    socket.connect()
    expect(await screen.findByRole('link', { name: 'Alarms: 1 active, 2 unconfirmed' })).toBeTruthy()
  })
})
