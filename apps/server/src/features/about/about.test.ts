import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    HELP_URL: 'https://docs.example.org/{lang}/start',
    ORDER_EMAIL: 'buy@example.org',
  })
})
afterAll(() => server?.stop())

describe('GET /api/about', () => {
  it('gives a signed-in user the help site per language from HELP_URL and the mailboxes', async () => {
    const seeded = await seedAccount(server, ['AM-100-103'])
    const session = await loggedIn(server.url, seeded.email, seeded.password, 'pl')
    const answer = await session.request('GET', '/api/about')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      help_urls: { en: 'https://docs.example.org/en/start', pl: 'https://docs.example.org/pl/start' },
      order_email: 'buy@example.org',
      support_email: 'support@kropla.app',
    })
    expect((await fetch(`${server.url}/api/about`)).status).toBe(401)
  })
})
