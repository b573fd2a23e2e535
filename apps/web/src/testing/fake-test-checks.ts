import {
  type ProfileTestAnswer,
  type ProfileTestChannel,
  profileTestRequestSchema,
  type WeatherCheckAnswer,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { FakeServer } from './fake-server'

/**
 * Test-only: the test area's weather check and test messages, in memory. The test says what the
 * check finds and what each channel answers; a channel tested again at once is refused (429) as
 * the real server refuses it within its 30 s.
 */
export interface FakeTestChecks {
  weather: () => WeatherCheckAnswer
  profile: (channel: ProfileTestChannel) => Omit<ProfileTestAnswer, 'channel'>
  /** Channels tested already: the next test of one is refused as too soon. */
  tested: Set<ProfileTestChannel>
}

export function withTestChecks<Server extends FakeServer>(server: Server, checks: FakeTestChecks) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input)
    const path = url.split('?')[0] ?? url
    const method = init?.method ?? 'GET'
    if (path !== '/api/test/weather' && path !== '/api/test/profile') return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    if (headers['csrf-token'] !== 'csrf-1' || method !== 'POST') return server.fetch(input, init)
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    server.state.calls.push({ method, path, body })
    if (path === '/api/test/weather') return json(200, checks.weather())
    const parsed = profileTestRequestSchema.safeParse(body)
    if (!parsed.success)
      return json(400, { error: 'validation_failed', message: translate(lang, 'errors.validation_failed') })
    const { channel } = parsed.data
    if (checks.tested.has(channel))
      return json(429, {
        error: 'test_too_soon',
        message: translate(lang, 'errors.test_too_soon', { seconds: 27 }),
      })
    checks.tested.add(channel)
    return json(200, { channel, ...checks.profile(channel) })
  }

  return { ...server, fetch }
}
