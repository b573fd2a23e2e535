import type { Output } from '@kropla/domain'
import { meFixture, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createFakeObjectsServer, objectDetailFixture } from '../../testing/fake-objects'
import { defaultResources, outputRow, withResources } from '../../testing/fake-resources'
import { renderApp } from '../../testing/render-app'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString()
const reading = (value: number | null, minutes = 1) => ({
  value,
  dtimestamp: minutesAgo(minutes),
  previous: null,
})

/** The start screen; with `outputs`, the account's equipment list answers them (else it fails). */
function startScreen(outputs?: Output[]) {
  const probe = objectFixture({
    id: 1,
    serial: 'PROBE',
    last_device_model: 'AM-100-101',
    last_data_at: minutesAgo(1),
    latest: {
      HUMIDITY_1: reading(12),
      TEMP_1: reading(18),
      ECW_1: reading(0.456),
      battvol: reading(3.61),
      sigstr: reading(74),
    },
  })
  const silent = objectFixture({
    id: 2,
    serial: 'SILENT',
    last_device_model: 'AM-200',
    last_data_at: minutesAgo(16),
    latest: { TEMP_1: reading(21, 16) },
  })
  const relay = objectFixture({
    id: 3,
    serial: 'RELAY',
    last_device_model: 'AM-401',
    last_data_at: minutesAgo(2),
    latest: { o1: reading(1, 2), o2: reading(0, 2) },
  })
  const valve = objectFixture({
    id: 4,
    serial: 'VALVE',
    last_device_model: 'AM-421',
    last_data_at: minutesAgo(2),
    latest: { o1: reading(1, 2), o2: reading(0, 2), o3: reading(null, 2) },
  })
  const details = [
    objectDetailFixture({
      ...probe,
      config: {
        inputs: { TEMP_1: { custom_label: 'Root zone', custom_units: '°C soil' } },
        alarms: { HUMIDITY_1_lt: { active: true, value: 15 }, ECW_1_gt: { active: false, value: 0.1 } },
      },
    }),
  ]
  const { server } = createFakeObjectsServer({
    me: meFixture({ objects: [probe, silent, relay, valve] }),
    objects: details,
  })
  if (!outputs) return renderApp('/', { server })
  return renderApp('/', {
    server: withResources(server, { ...defaultResources(), objects: details, outputs }),
  })
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('module tiles on the start screen', () => {
  it('shows a module silent for more than 15 minutes as not communicating', async () => {
    startScreen()
    expect((await screen.findByTestId('communication-SILENT')).textContent).toBe('Not communicating')
    expect(screen.queryByTestId('communication-PROBE')).toBeNull()
  })

  it('flags in red a value that meets an active alarm threshold, with the user labels and units', async () => {
    startScreen()
    await waitFor(() => expect(screen.getByTestId('value-PROBE-HUMIDITY_1').dataset.flagged).toBe('true'))
    expect(screen.getByTestId('value-PROBE-HUMIDITY_1').textContent).toBe('12.0 %')
    expect(screen.getByTestId('value-PROBE-ECW_1').dataset.flagged).toBeUndefined()
    expect(screen.getByTestId('value-PROBE-ECW_1').textContent).toBe('0.46 mS/cm')
    const tile = screen.getByTestId('tile-PROBE')
    expect(within(tile).getByText('Root zone')).toBeTruthy()
    expect(screen.getByTestId('value-PROBE-TEMP_1').textContent).toBe('18.0 °C soil')
    expect(screen.getByTestId('battery-PROBE').textContent).toBe('Battery: 3.61 V')
    expect(screen.getByTestId('signal-PROBE').textContent).toBe('Signal: 74 %')
  })

  it('shows relay outputs as on/off and valve outputs as open, closed or unknown valves', async () => {
    startScreen()
    expect((await screen.findByTestId('value-RELAY-o1')).textContent).toBe('on')
    expect(screen.getByTestId('value-RELAY-o2').textContent).toBe('off')
    const icons = ['o1', 'o2', 'o3', 'o4'].map((field) => screen.getByTestId(`value-VALVE-${field}`))
    expect(icons.map((icon) => icon.dataset.state)).toEqual(['open', 'closed', 'unknown', 'unknown'])
    // The state in words beside each icon, said once: the icon is decorative to a screen reader.
    expect(screen.getByTestId('valve-state-VALVE-o1').textContent).toBe('Open')
    expect(screen.getByTestId('valve-state-VALVE-o2').textContent).toBe('Closed')
    expect(screen.getByTestId('valve-state-VALVE-o3').textContent).toBe('Unknown')
    for (const icon of icons) {
      expect(icon.getAttribute('aria-hidden')).toBe('true')
      expect(icon.getAttribute('aria-label')).toBeNull()
    }
  })

  it("labels a module's outputs with the names given them, each with its state in words", async () => {
    startScreen([
      outputRow({ id: 71, name: 'Valve – tomato field', id_object: 4, field_name: 'o1' }),
      outputRow({ id: 72, name: 'Valve – orchard', id_object: 4, field_name: 'o2' }),
      outputRow({ id: 73, name: 'Pump', id_object: 3, field_name: 'o1', type: 'pump' }),
    ])
    const valves = await screen.findByTestId('tile-VALVE')
    const relays = () => screen.getByTestId('tile-RELAY')
    // The label and the state in words of one row of the card.
    const row = async (tile: HTMLElement, label: string, valueTestId: string) => {
      const line = (await within(tile).findByText(label)).closest<HTMLElement>('.mantine-Group-root')!
      return [label, within(line).getByTestId(valueTestId).textContent]
    }
    expect(await row(valves, 'Valve – tomato field', 'valve-state-VALVE-o1')).toEqual([
      'Valve – tomato field',
      'Open',
    ])
    expect(await row(valves, 'Valve – orchard', 'valve-state-VALVE-o2')).toEqual([
      'Valve – orchard',
      'Closed',
    ])
    // A screen reader hears what the value button opens and the value itself.
    expect(within(valves).getByRole('button', { name: 'History of Valve – tomato field: Open' })).toBeTruthy()
    expect(within(relays()).getByRole('button', { name: 'History of Pump: on' })).toBeTruthy()
    // An output with no equipment named on it keeps the generic label.
    expect(await row(valves, 'Output 3', 'valve-state-VALVE-o3')).toEqual(['Output 3', 'Unknown'])
    expect(within(valves).queryByText('Output 1')).toBeNull()
    expect(await row(relays(), 'Pump', 'value-RELAY-o1')).toEqual(['Pump', 'on'])
    expect(await row(relays(), 'Output 2', 'value-RELAY-o2')).toEqual(['Output 2', 'off'])
  })

  it('lists every field of the model on its card, each value with its unit', async () => {
    startScreen()
    const tile = await screen.findByTestId('tile-PROBE')
    // AM-100-101: temperature, moisture, salinity ECw and MCI; battery and signal on the status line.
    expect(await within(tile).findByText('Root zone')).toBeTruthy()
    for (const label of ['Soil moisture 1', 'Salinity ECw 1', 'MCI 1'])
      expect(within(tile).getByText(label)).toBeTruthy()
    expect(screen.getByTestId('value-PROBE-MCI_1').textContent).toBe('N/A')
    expect(screen.getByTestId('value-PROBE-HUMIDITY_1').textContent).toBe('12.0 %')
    // The air sensor's card shows all ten readings of the model, not only the four of its preview.
    const air = screen.getByTestId('tile-SILENT')
    expect(within(air).getAllByTestId(/^value-SILENT-/)).toHaveLength(10)
    expect(screen.getByTestId('value-SILENT-TEMP_1').textContent).toBe('21.0 °C')
  })

  it('gives a name cut short by the card its full text on hover or tap, and none to what fits', async () => {
    // jsdom lays nothing out: the name's box is narrower than its text, the model line fits.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.dataset.testid === 'module-link-PROBE' ? 400 : 100
    })
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(100)
    startScreen()
    const name = await screen.findByTestId('module-link-PROBE')
    await waitFor(() => expect(name.dataset.cut).toBe('true'))
    expect(screen.getByTestId('model-PROBE').dataset.cut).toBeUndefined()
    // A tap sends the same mouseenter after its pointer events; jsdom has no pointer types to tell them apart.
    fireEvent.mouseEnter(name)
    const tooltip = await screen.findByRole('tooltip', { hidden: true })
    expect(tooltip.textContent).toBe(name.textContent)
  })

  it('opens the add-module wizard from the start screen', async () => {
    startScreen()
    fireEvent.click(await screen.findByRole('link', { name: 'Add module' }))
    expect(await screen.findByRole('dialog', { name: 'Add module' })).toBeTruthy()
  })
})
