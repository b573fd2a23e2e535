import type { HistoryAck } from '@kropla/domain'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  httpSession,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../../test/test-server'

/**
 * Issue 23, item 3: one user's flood of expensive reads is refused beyond a few under way, with
 * a translated "busy, try again" and Retry-After; another farm's requests go on (ADR 0086).
 * The limits are lowered to one a user and two a farm so a few requests fill them.
 */
let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let neighbour: Awaited<ReturnType<typeof seedAccount>>

beforeAll(async () => {
  server = await startTestServer({}, { workLimits: { perUser: 1, perClient: 2, retryAfterSeconds: 9 } })
  farm = await seedAccount(server, ['AM-100-103'])
  neighbour = await seedAccount(server, ['AM-100-103'])
})
afterAll(() => server?.stop())

async function socketOf(account: typeof farm, lang = 'en'): Promise<Socket> {
  const session = httpSession(server.url, lang)
  expect((await session.login(account.email, account.password)).status).toBe(200)
  expect((await session.write('PUT', '/api/users/lang', { lang })).status).toBeLessThan(300)
  return connectBrowserSocket(server.url, session.cookieHeader())
}

const yearOf = (account: typeof farm) => ({
  id_object: account.modules[0]!.id,
  fields: ['TEMP_1'],
  start_date: '2025-01-01T00:00:00Z',
  end_date: '2026-01-01T00:00:00Z',
})
const ask = (socket: Socket, payload: unknown) =>
  socket.timeout(60_000).emitWithAck('history_request', payload) as Promise<HistoryAck>

describe('expensive reads, shared fairly', () => {
  it("refuses one user's history flood beyond the limit in their language, while another farm is answered", async () => {
    const flooder = await socketOf(farm, 'pl')
    const other = await socketOf(neighbour)
    try {
      const flood = Array.from({ length: 6 }, () => ask(flooder, yearOf(farm)))
      const neighbours = ask(other, yearOf(neighbour))
      const answers = await Promise.all(flood)
      const refused = answers.filter((answer) => 'err' in answer)
      expect(refused.length, 'some of the flood is refused').toBeGreaterThan(0)
      expect(
        answers.some((answer) => 'ok' in answer),
        'the first is answered',
      ).toBe(true)
      expect(refused[0]).toEqual({
        err: 'busy_try_again',
        message: 'Serwer wciąż przetwarza Twoje wcześniejsze zapytania. Spróbuj ponownie za kilka sekund.',
      })
      expect('ok' in (await neighbours), "the other farm's request is answered").toBe(true)
      // Once the flood is over, the user is answered again.
      expect('ok' in (await ask(flooder, yearOf(farm)))).toBe(true)
    } finally {
      flooder.disconnect()
      other.disconnect()
    }
  })

  it('answers a report beyond the limit with 429, Retry-After and the message', async () => {
    const session = await loggedIn(server.url, farm.email, farm.password)
    const token = await session.token()
    const body = {
      type: 'temperature',
      sources: [{ id: farm.modules[0]!.id, field: 'TEMP_1' }],
      start_date: '2025-01-01T00:00:00Z',
      end_date: '2026-01-01T00:00:00Z',
    }
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${server.url}/api/reports`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'accept-language': 'en',
            cookie: session.cookieHeader(),
            'csrf-token': token,
          },
          body: JSON.stringify(body),
        }),
      ),
    )
    const busy = answers.filter((answer) => answer.status === 429)
    expect(busy.length, `statuses ${answers.map((answer) => answer.status).join(', ')}`).toBeGreaterThan(0)
    expect(busy[0]!.headers.get('retry-after')).toBe('9')
    // In the user's stored language (Polish since the first test), not the request's.
    expect(await busy[0]!.json()).toEqual({
      error: 'busy_try_again',
      message: 'Serwer wciąż przetwarza Twoje wcześniejsze zapytania. Spróbuj ponownie za kilka sekund.',
    })
  })
})
