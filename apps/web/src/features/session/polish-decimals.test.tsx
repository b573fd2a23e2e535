import { meFixture, meOfType, objectFixture } from '@kropla/domain/testing'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { alarmRowFixture, alarmsMeFixture, createFakeAlarmsServer } from '../../testing/fake-alarms'
import { createFakeObjectsServer } from '../../testing/fake-objects'
import { defaultResources, withResources } from '../../testing/fake-resources'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

const reading = (value: number) => ({ value, dtimestamp: new Date().toISOString(), previous: null })

/** A Polish user reads "21,5 °C": a decimal comma on every screen, never the English point. */
describe('decimals in Polish', () => {
  it('on the start screen’s module cards', async () => {
    const probe = objectFixture({
      id: 1,
      serial: 'PROBE',
      last_device_model: 'AM-100-101',
      last_data_at: new Date().toISOString(),
      latest: {
        HUMIDITY_1: reading(12.5),
        TEMP_1: reading(21.5),
        ECW_1: reading(0.456),
        battvol: reading(3.61),
      },
    })
    const { server } = createFakeObjectsServer({ me: meFixture({ objects: [probe] }) })
    renderApp('/', { server, lang: 'pl' })
    await waitFor(() => expect(screen.getByTestId('value-PROBE-TEMP_1').textContent).toBe('21,5 °C'))
    expect(screen.getByTestId('value-PROBE-HUMIDITY_1').textContent).toBe('12,5 %')
    expect(screen.getByTestId('value-PROBE-ECW_1').textContent).toBe('0,46 mS/cm')
    expect(screen.getByTestId('battery-PROBE').textContent).toContain('3,61 V')
  })

  it('in the alarms table: values and thresholds', async () => {
    const user = alarmsMeFixture({ user: { time_zone: 'Europe/Warsaw' } })
    const battery = alarmRowFixture({
      id: 4,
      alarm_name: 'battvol_lt',
      field: 'battvol',
      threshold: 3.1,
      value: 3.05,
    })
    renderApp('/alarms', { server: createFakeAlarmsServer([battery], user), lang: 'pl' })
    const row = await screen.findByTestId('alarm-row-4')
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toContain('3,05 V')
    expect(cells).toContain('3,1 V')
    expect(cells.join(' ')).not.toMatch(/\d\.\d/)
  })

  it('in the sections table (m³/h)', async () => {
    const resources = defaultResources()
    resources.sections[0]!.flow = 1.5
    const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }), resources)
    renderApp('/kropla_2/resources/sections', { server, lang: 'pl' })
    expect(await screen.findByText('1,5 m³/h')).toBeTruthy()
  })

  it('in the water sources table (m³/h)', async () => {
    const resources = defaultResources()
    resources.water_sources[0]!.efficiency = 12.25
    const server = withResources(createFakeServer(meOfType(1), { isLoggedIn: true }), resources)
    renderApp('/kropla_2/resources/water_sources', { server, lang: 'pl' })
    expect(await screen.findByText('12,25 m³/h')).toBeTruthy()
  })
})
