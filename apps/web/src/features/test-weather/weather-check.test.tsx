import type { MeUser, WeatherCheckAnswer, WeatherCheckItem } from '@kropla/domain'
import { meFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '../../testing/fake-server'
import { withTestChecks } from '../../testing/fake-test-checks'
import { renderApp } from '../../testing/render-app'

vi.mock('../../lib/socket', async () => ({
  createRealtimeSocket: (await import('../../testing/fake-socket')).createFakeSocket,
}))

const item = (overrides: Partial<WeatherCheckItem>): WeatherCheckItem => ({
  id_object: 1,
  object_name: 'Field air',
  model: 'AM-200',
  id_output: null,
  name: '',
  field: 'TEMP_1',
  quantity: 'air_temperature',
  value: 21.5,
  unit: '°C',
  decimals: 1,
  at: '2026-07-01T13:55:00.000Z',
  age_seconds: 300,
  range: { min: -45, max: 55 },
  status: 'ok',
  stuck_since: null,
  stuck_hours: 3,
  ...overrides,
})

const answer = (items: WeatherCheckItem[]): WeatherCheckAnswer => ({
  checked_at: '2026-07-01T14:00:00.000Z',
  time_zone: 'Europe/Warsaw',
  items,
  counts: {
    ok: items.filter((entry) => entry.status === 'ok').length,
    implausible: items.filter((entry) => entry.status === 'implausible').length,
    stuck: items.filter((entry) => entry.status === 'stuck').length,
    no_data: items.filter((entry) => entry.status === 'no_data').length,
  },
  id_run: 1,
})

const farmItems = [
  item({}),
  item({
    field: 'humidity',
    quantity: 'air_humidity',
    value: 63,
    unit: '%',
    decimals: 1,
    range: { min: 1, max: 100 },
    status: 'stuck',
    stuck_since: '2026-07-01T10:30:00.000Z',
    age_seconds: 7200,
  }),
  item({ field: 'TEMP_DEW_1', quantity: 'dew_point', value: -127, status: 'implausible', age_seconds: 45 }),
  item({
    field: 'VPD_1',
    quantity: 'vpd',
    value: null,
    unit: 'kPa',
    at: null,
    age_seconds: null,
    status: 'no_data',
  }),
  item({
    id_object: 2,
    object_name: 'Weather mast',
    model: 'AM-600',
    id_output: 11,
    name: 'Rain gauge',
    field: 'DI_USR_3',
    quantity: 'rain_day',
    value: 1.4,
    unit: 'mm',
    range: { min: 0, max: 300 },
    stuck_hours: null,
    age_seconds: 3 * 86_400,
  }),
]

function open(items: WeatherCheckItem[], user: Partial<MeUser> = {}, lang: 'en' | 'pl' = 'en') {
  const me = meFixture({ user })
  let runs = 0
  const server = withTestChecks(createFakeServer(me, { isLoggedIn: true }), {
    weather: () => {
      runs++
      return answer(items)
    },
    profile: () => {
      throw new Error('not here')
    },
    tested: new Set(),
  })
  return { ...renderApp('/test/weather', { me, isLoggedIn: true, server, lang }), server, runs: () => runs }
}

describe('the weather stations check', () => {
  it('checks on opening and shows each reading with its unit, range, age and verdict', async () => {
    const { runs } = open(farmItems)
    expect((await screen.findByTestId('weather-check-summary')).textContent).toBe(
      '2 OK · 1 implausible · 1 stuck · 1 without data',
    )
    const temperature = screen.getByTestId('weather-check-1-TEMP_1')
    expect(within(temperature).getByText('Air temperature')).toBeTruthy()
    expect(within(temperature).getByTestId('weather-check-value').textContent).toBe('21.5 °C')
    expect(within(temperature).getByTestId('weather-check-status').textContent).toBe('OK')
    expect(within(temperature).getByText('Plausible: -45 °C to 55 °C')).toBeTruthy()
    // Times in the farm's zone (Warsaw, UTC+2 in July).
    expect(within(temperature).getByTestId('weather-check-age').textContent).toBe(
      'Measured 5 min ago (2026-07-01 15:55:00)',
    )
    const humidity = screen.getByTestId('weather-check-1-humidity')
    expect(within(humidity).getByTestId('weather-check-value').textContent).toBe('63.0 %')
    expect(within(humidity).getByTestId('weather-check-status').textContent).toBe('Stuck')
    expect(within(humidity).getByTestId('weather-check-stuck').textContent).toBe(
      'Unchanged since 2026-07-01 12:30:00 (checked over 3 h)',
    )
    expect(within(humidity).getByTestId('weather-check-age').textContent).toMatch(/^Measured 2 h ago/)
    const dew = screen.getByTestId('weather-check-1-TEMP_DEW_1')
    expect(within(dew).getByTestId('weather-check-status').textContent).toBe('Implausible')
    expect(within(dew).getByTestId('weather-check-age').textContent).toMatch(/^Measured 45 s ago/)
    const vpd = screen.getByTestId('weather-check-1-VPD_1')
    expect(within(vpd).getByTestId('weather-check-value').textContent).toBe('—')
    expect(within(vpd).getByTestId('weather-check-age').textContent).toBe('No reading yet')
    const rain = screen.getByTestId('weather-check-2-DI_USR_3')
    expect(within(rain).getByText('Weather mast · Rain gauge')).toBeTruthy()
    expect(within(rain).getByTestId('weather-check-age').textContent).toMatch(/^Measured 3 d ago/)
    expect(runs()).toBe(1)

    fireEvent.click(screen.getByTestId('weather-check-again'))
    await waitFor(() => expect(runs()).toBe(2))
  })

  it('shows temperatures and their ranges in °F to a user who reads Fahrenheit', async () => {
    open([item({ value: 20 })], { temperature_unit: 'F' })
    const temperature = await screen.findByTestId('weather-check-1-TEMP_1')
    expect(within(temperature).getByTestId('weather-check-value').textContent).toBe('68.0 °F')
    expect(within(temperature).getByText('Plausible: -49 °F to 131 °F')).toBeTruthy()
  })

  it('speaks Polish, and says plainly when the account has no weather station', async () => {
    open([], {}, 'pl')
    expect(await screen.findByText('Sprawdzenie stacji pogodowych')).toBeTruthy()
    expect((await screen.findByTestId('weather-check-none')).textContent).toMatch(
      /^To konto nie ma stacji pogodowej/,
    )
  })
})
