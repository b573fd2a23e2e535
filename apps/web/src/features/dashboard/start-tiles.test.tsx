import { meFixture, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createFakeObjectsServer, objectDetailFixture } from '../../testing/fake-objects'
import { renderApp } from '../../testing/render-app'

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString()
const reading = (value: number | null, minutes = 1) => ({
  value,
  dtimestamp: minutesAgo(minutes),
  previous: null,
})

function startScreen() {
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
  const { server } = createFakeObjectsServer({
    me: meFixture({ objects: [probe, silent, relay, valve] }),
    objects: [
      objectDetailFixture({
        ...probe,
        config: {
          inputs: { TEMP_1: { custom_label: 'Root zone', custom_units: '°C soil' } },
          alarms: { HUMIDITY_1_lt: { active: true, value: 15 }, ECW_1_gt: { active: false, value: 0.1 } },
        },
      }),
    ],
  })
  return renderApp('/', { server })
}

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
    expect(screen.getByTestId('value-VALVE-o1').getAttribute('aria-label')).toBe('Open')
    expect(screen.getByTestId('value-VALVE-o2').getAttribute('aria-label')).toBe('Closed')
    expect(screen.getByTestId('value-VALVE-o3').getAttribute('aria-label')).toBe('Unknown')
    expect(screen.getByTestId('value-VALVE-o4').getAttribute('aria-label')).toBe('Unknown')
  })

  it('opens the add-module wizard from the start screen', async () => {
    startScreen()
    fireEvent.click(await screen.findByRole('link', { name: 'Add module' }))
    expect(await screen.findByRole('dialog', { name: 'Add module' })).toBeTruthy()
  })
})
