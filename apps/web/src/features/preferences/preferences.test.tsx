import { meFixture, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { field } from '../../testing/form-fields'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

const at10 = '2026-05-01T10:00:00.000Z'

function farmMe() {
  return meFixture({
    user: { time_zone: 'Europe/Warsaw' },
    objects: [
      objectFixture({
        id: 1,
        serial: 'DEMO-ENV-0001',
        name: 'Greenhouse air',
        last_device_model: 'AM-200',
        latest: { TEMP_1: { value: 21.46, dtimestamp: at10, previous: null } },
      }),
    ],
  })
}

/** The searchable time-zone select's text input (its listbox carries the same label). */
function zoneInput(label: string): HTMLInputElement {
  const input = screen
    .getAllByLabelText(label)
    .find((node): node is HTMLInputElement => node instanceof HTMLInputElement && node.type !== 'hidden')
  if (!input) throw new Error(`no ${label} input`)
  return input
}

// Mantine keeps the open dropdown's options out of the accessibility tree while it animates in
// jsdom, hence `hidden: true` when picking one.
describe('preferences', () => {
  it('preview the choices and, once saved, apply them to the dates and temperatures of the start screen', async () => {
    const { router, server } = renderApp('/', { me: farmMe(), isLoggedIn: true })
    expect((await screen.findByTestId('value-DEMO-ENV-0001-TEMP_1')).textContent).toBe('21.5 °C')
    expect(screen.getByTestId('time-DEMO-ENV-0001').textContent).toContain('2026-05-01 12:00:00')

    await router.navigate('/settings/preferences')
    await screen.findByTestId('preferences-preview')
    fireEvent.change(field('date_format'), { target: { value: 'DD.MM.YYYY HH:mm:ss' } })
    fireEvent.click(screen.getByText('Fahrenheit (°F)'))
    fireEvent.click(screen.getByText('Acres (ac)'))
    fireEvent.click(zoneInput('Time zone'))
    fireEvent.change(zoneInput('Time zone'), { target: { value: 'Tokyo' } })
    fireEvent.click(await screen.findByRole('option', { name: /Asia\/Tokyo/, hidden: true }))

    expect(screen.getByTestId('preview-temperature').textContent).toBe('70.7 °F')
    expect(screen.getByTestId('preview-area').textContent).toBe('3.09 ac')
    expect(screen.getByTestId('preview-date').textContent).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/)

    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Changes saved.')).toBeTruthy()
    expect(server.callsTo('PUT', '/api/profile/preferences')[0]?.body).toEqual({
      time_zone: 'Asia/Tokyo',
      date_format: 'DD.MM.YYYY HH:mm:ss',
      temperature_unit: 'F',
      area_unit: 'ac',
    })

    await router.navigate('/')
    expect((await screen.findByTestId('value-DEMO-ENV-0001-TEMP_1')).textContent).toBe('70.6 °F')
    expect(screen.getByTestId('time-DEMO-ENV-0001').textContent).toContain('01.05.2026 19:00:00')
  })

  it('offer the browser time zone and store it as none of its own', async () => {
    const { server } = renderApp('/settings/preferences', { me: farmMe(), isLoggedIn: true, lang: 'pl' })
    await screen.findByTestId('preferences-preview')
    fireEvent.click(zoneInput('Strefa czasowa'))
    fireEvent.click(
      await screen.findByRole('option', { name: /Strefa czasowa tej przeglądarki/, hidden: true }),
    )
    fireEvent.click(screen.getByText('Metry kwadratowe (m²)'))
    expect(screen.getByTestId('preview-area').textContent).toBe('12\u00a0500 m²')
    expect(screen.getByTestId('preview-temperature').textContent).toBe('21,5 °C')
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz' }))
    await waitFor(() => expect(server.callsTo('PUT', '/api/profile/preferences')).toHaveLength(1))
    expect(server.callsTo('PUT', '/api/profile/preferences')[0]?.body).toMatchObject({
      time_zone: null,
      area_unit: 'm2',
    })
  })
})
