import {
  isAdmin,
  type WeatherAnswer,
  type WeatherSettings,
  type WeatherSettingsAnswer,
  weatherSettingsSchema,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { FakeServer } from './fake-server'

/** Test-only: the weather routes of the real server, in memory. */
export interface FakeWeather {
  settings: WeatherSettingsAnswer
  /** The weather answered for a choice of stations (the test plays the server's computation). */
  weatherFor: (settings: WeatherSettings) => WeatherAnswer
}

export function emptyWeather(timeZone = 'Europe/Warsaw'): WeatherAnswer {
  return {
    time_zone: timeZone,
    today_start: '2026-05-01T22:00:00.000Z',
    today_end: '2026-05-02T22:00:00.000Z',
    air: null,
    rain: null,
    wind: null,
  }
}

export function withWeather<Server extends FakeServer>(server: Server, weather: FakeWeather) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input)
    const path = url.split('?')[0] ?? url
    const method = init?.method ?? 'GET'
    if (path !== '/api/weather' && path !== '/api/weather/settings') return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    if (method !== 'GET' && headers['csrf-token'] !== 'csrf-1') return server.fetch(input, init)
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    server.state.calls.push({ method, path, body })
    const refuse = (status: number, code: string) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`) })

    if (path === '/api/weather' && method === 'GET')
      return json(200, weather.weatherFor(weather.settings.settings))
    if (method === 'GET') return json(200, weather.settings)
    if (method !== 'PUT') return refuse(404, 'not_found')
    if (!isAdmin(server.state.me.user.type)) return refuse(403, 'access_denied')
    const parsed = weatherSettingsSchema.safeParse(body)
    if (!parsed.success) return refuse(400, 'validation_failed')
    const { choices } = weather.settings
    const issues = [
      ['air_object_id', choices.air_stations],
      ['rain_output_id', choices.rain_gauges],
      ['wind_output_id', choices.anemometers],
    ]
      .filter(([field, offered]) => {
        const id = parsed.data[field as keyof WeatherSettings]
        return id !== null && !(offered as { id: number }[]).some((choice) => choice.id === id)
      })
      .map(([field]) => ({ path: field as string, message: translate(lang, 'errors.choice_invalid') }))
    if (issues.length)
      return json(400, {
        error: 'validation_failed',
        message: translate(lang, 'errors.validation_failed'),
        issues,
      })
    weather.settings = { ...weather.settings, settings: parsed.data }
    return json(200, weather.settings)
  }

  return { ...server, fetch, weather }
}
