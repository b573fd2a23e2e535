import type { WeatherAnswer, WeatherSettings } from '@kropla/domain'
import { meFixture, meOfType, objectFixture } from '@kropla/domain/testing'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeServer } from '../../testing/fake-server'
import { createFakeSocket, type FakeSocket } from '../../testing/fake-socket'
import { emptyWeather, type FakeWeather, withWeather } from '../../testing/fake-weather'
import { renderApp } from '../../testing/render-app'

let socket: FakeSocket
vi.mock('../../lib/socket', () => ({ createRealtimeSocket: () => socket }))

beforeEach(() => {
  socket = createFakeSocket()
})

const at10 = '2026-05-02T08:00:00.000Z'
const air = objectFixture({ id: 1, serial: 'DEMO-ENV-0001', name: 'Field air', last_device_model: 'AM-200' })
const mast = objectFixture({
  id: 2,
  serial: 'DEMO-UNI-0002',
  name: 'Weather mast',
  last_device_model: 'AM-600',
})

function weatherOf(settings: WeatherSettings, temperature = 18.44): WeatherAnswer {
  return {
    ...emptyWeather(),
    air:
      settings.air_object_id === null
        ? null
        : {
            id_object: 1,
            name: 'Field air',
            last_at: at10,
            temperature: { value: temperature, unit: '°C' },
            humidity: { value: 64.6, unit: '%' },
            dew_point: { value: 11.5, unit: '°C' },
            today_min: { value: 7.2, unit: '°C' },
            today_max: { value: 19.9, unit: '°C' },
          },
    rain:
      settings.rain_output_id === null
        ? null
        : {
            id_output: 11,
            id_object: 2,
            name: 'Rain gauge',
            last_at: at10,
            today: { value: 2.4, unit: 'mm' },
            last_days: { value: 12.6, unit: 'mm' },
            days: 7,
          },
    wind:
      settings.wind_output_id === null
        ? null
        : {
            id_output: 12,
            id_object: 2,
            name: 'Anemometer',
            last_at: at10,
            speed: { value: 3.2, unit: 'm/s' },
            today_max: { value: 9.8, unit: 'm/s' },
          },
  }
}

function fakeWeather(
  settings: WeatherSettings = { air_object_id: null, rain_output_id: null, wind_output_id: null },
): FakeWeather {
  const input = (id: number, name: string, field: string, type: string) => ({
    id,
    name,
    id_object: 2,
    object_name: 'Weather mast',
    field_name: field,
    type,
  })
  return {
    settings: {
      settings,
      choices: {
        air_stations: [{ id: 1, name: 'Field air' }],
        rain_gauges: [input(11, 'Rain gauge', 'DI_USR_3', 'udometer')],
        anemometers: [input(12, 'Anemometer', 'DI_USR_4', 'anemometer_speed_count')],
      },
    },
    weatherFor: (chosen) => weatherOf(chosen),
  }
}

function open(
  path: string,
  me = meFixture({ objects: [air, mast] }),
  weather = fakeWeather(),
  lang: 'en' | 'pl' = 'en',
) {
  const server = withWeather(createFakeServer(me, { isLoggedIn: true }), weather)
  return { ...renderApp(path, { me, isLoggedIn: true, server, lang }), server, weather }
}

/** Picks an option of a Mantine select by the select's label (the dropdown animates in jsdom, hence hidden). */
async function choose(label: string, option: RegExp) {
  const input = screen
    .getAllByLabelText(label)
    .find((node) => node instanceof HTMLInputElement) as HTMLInputElement
  fireEvent.click(input)
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }))
}

describe('weather settings and panel', () => {
  it('lets an administrator choose the stations and then shows their weather with units and the farm zone', async () => {
    const { server } = open('/settings/weather')
    const panel = await screen.findByTestId('weather-panel')
    expect(await within(panel).findByText('No weather station chosen.')).toBeTruthy()
    expect(within(panel).getByTestId('weather-choose').getAttribute('href')).toBe('/settings/weather')

    await choose('Air station (AM-200)', /Field air/)
    await choose('Rain gauge (universal module input)', /Rain gauge – Weather mast/)
    await choose('Anemometer (universal module input)', /Anemometer – Weather mast/)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(await screen.findByText('Changes saved.')).toBeTruthy()
    expect(server.callsTo('PUT', '/api/weather/settings')[0]?.body).toEqual({
      air_object_id: 1,
      rain_output_id: 11,
      wind_output_id: 12,
    })
    expect((await screen.findByTestId('weather-temperature')).textContent).toBe('18.4 °C')
    expect(screen.getByTestId('weather-humidity').textContent).toBe('65 %')
    expect(screen.getByTestId('weather-min').textContent).toBe('7.2 °C')
    expect(screen.getByTestId('weather-max').textContent).toBe('19.9 °C')
    expect(screen.getByTestId('weather-rain-today').textContent).toBe('2.4 mm')
    expect(screen.getByTestId('weather-rain-days').textContent).toBe('12.6 mm')
    expect(screen.getByText('Last 7 days')).toBeTruthy()
    expect(screen.getByTestId('weather-wind').textContent).toBe('3.2 m/s')
    expect(screen.getByTestId('weather-wind-max').textContent).toBe('9.8 m/s')
    expect(screen.getByTestId('weather-zone').textContent).toContain("Today: the farm's day in Europe/Warsaw")
    expect(screen.getByText('Today (Europe/Warsaw)')).toBeTruthy()
  })

  it('shows a refusal of the server at its field', async () => {
    const weather = fakeWeather()
    weather.settings.choices.anemometers = []
    const { server } = open('/settings/weather', undefined, weather)
    await screen.findByTestId('weather-panel')
    expect(await screen.findByText(/No input is set up as an anemometer yet/)).toBeTruthy()
    await choose('Air station (AM-200)', /Field air/)
    // The choice was offered but the module left the account meanwhile.
    weather.settings.choices.air_stations = []
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Choose a value from the list.')).toBeTruthy()
    expect(server.callsTo('PUT', '/api/weather/settings')).toHaveLength(1)
  })

  it('shows a user who is not an administrator the choice without changing it, in Polish', async () => {
    open('/settings/weather', meOfType(2, { lang: 'pl' }), fakeWeather(), 'pl')
    expect(await screen.findByText('Stacje może wybrać tylko administrator konta.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Zapisz' })).toBeNull()
    expect(await screen.findByText('Nie wybrano stacji pogodowej.')).toBeTruthy()
    expect(screen.getByText('Administrator konta może je wybrać w ustawieniach.')).toBeTruthy()
    expect(screen.queryByTestId('weather-choose')).toBeNull()
  })

  it('asks for the weather again when a chosen module sends readings, at most once in a while', async () => {
    const weather = fakeWeather({ air_object_id: 1, rain_output_id: null, wind_output_id: null })
    const { server } = open('/settings/weather', undefined, weather)
    expect((await screen.findByTestId('weather-temperature')).textContent).toBe('18.4 °C')
    const calls = server.callsTo('GET', '/api/weather').length
    weather.weatherFor = (chosen) => weatherOf(chosen, 21.04)
    const row = (at: string) => ({
      id_object: 1,
      timestamp: at.replace('T', ' ').slice(0, 19),
      dtimestamp: at,
      timestamp_unix: Date.parse(at) / 1000,
      activation__: null,
      inactivation__: null,
      values: { TEMP_1: 21.04 },
      previous: {},
    })
    socket.serverEmits('data', [row('2026-05-02T08:10:00.000Z')])
    await waitFor(() => expect(screen.getByTestId('weather-temperature').textContent).toBe('21.0 °C'))
    expect(server.callsTo('GET', '/api/weather')).toHaveLength(calls + 1)
    socket.serverEmits('data', [row('2026-05-02T08:10:10.000Z')])
    socket.serverEmits('data', [{ ...row('2026-05-02T08:10:20.000Z'), id_object: 2 }])
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.callsTo('GET', '/api/weather')).toHaveLength(calls + 1)
  })
})
