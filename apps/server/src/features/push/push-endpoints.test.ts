import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { createBrowserPushKeys, startStandInService } from '../../test/stand-in-services'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
let internalService: Awaited<ReturnType<typeof startStandInService>>
let farm: Awaited<ReturnType<typeof seedAccount>>
let session: Awaited<ReturnType<typeof loggedIn>>
const browser = createBrowserPushKeys()

beforeAll(async () => {
  internalService = await startStandInService()
  // The production rule: no origin is exempt.
  server = await startTestServer()
  farm = await seedAccount(server, [])
  session = await loggedIn(server.url, farm.email, farm.password)
})
afterAll(async () => {
  await server?.stop()
  await internalService?.close()
})

describe('Web Push subscriptions name only https: endpoints on public addresses', () => {
  it.each([
    ['plain http on loopback', () => `${internalService.url}/push/1`],
    ['https on loopback', () => 'https://127.0.0.1/push/1'],
    ['a name that resolves to loopback', () => 'https://localhost/push/1'],
    ['IPv6 loopback', () => 'https://[::1]/push/1'],
    ['IPv4-mapped loopback', () => 'https://[::ffff:127.0.0.1]/push/1'],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data'],
    ['a private network', () => 'https://10.0.0.7/push/1'],
    ['a home router', () => 'https://192.168.1.1/push/1'],
    ['carrier-grade NAT', () => 'https://100.64.0.1/push/1'],
    ['unique-local IPv6', () => 'https://[fd00::1]/push/1'],
    ['the unspecified address', () => 'https://0.0.0.0/push/1'],
    ['not https', () => 'ftp://push.example.com/1'],
  ])('refuses %s with a 400 in the user language, and keeps nothing', async (_what, endpoint) => {
    const answer = await session.write('POST', '/api/push/subscriptions', browser.subscription(endpoint()))
    expect(answer).toEqual({
      status: 400,
      body: {
        error: 'push_endpoint_refused',
        message:
          'This browser gave a push address the server may not call: it must be an https:// address on the public internet.',
      },
    })
    const kept = await server.database.pool.query(
      'select endpoint from push_subscriptions where id_user = $1',
      [farm.user.id],
    )
    expect(kept.rows).toEqual([])
  })

  it('words the refusal in Polish for a Polish browser', async () => {
    const polish = await loggedIn(server.url, farm.email, farm.password, 'pl')
    const answer = await polish.write(
      'POST',
      '/api/push/subscriptions',
      browser.subscription('https://127.0.0.1/push/2'),
    )
    expect(answer.body).toEqual({
      error: 'push_endpoint_refused',
      message:
        'Przeglądarka podała adres powiadomień, którego serwer nie może wywołać: musi to być adres https:// w publicznym internecie.',
    })
    expect(internalService.received).toEqual([])
  })
})
