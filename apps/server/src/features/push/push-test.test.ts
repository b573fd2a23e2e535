import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { createBrowserPushKeys, startStandInService } from '../../test/stand-in-services'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

/** `/mobile/fcm`: a test notification to this browser, for its own user only, one every 30 s. */
let server: TestServer
let pushService: Awaited<ReturnType<typeof startStandInService>>
let farm: Awaited<ReturnType<typeof seedAccount>>
let neighbour: Awaited<ReturnType<typeof seedAccount>>
const phone = createBrowserPushKeys()
const neighbourPhone = createBrowserPushKeys()
const endpointOf = (name: string) => `${pushService.url}/push/${name}`
const received = (name: string) => pushService.received.filter((request) => request.path === `/push/${name}`)

beforeAll(async () => {
  pushService = await startStandInService((path) => (path.startsWith('/push/gone') ? 410 : 201))
  // The stand-in push service is plain http on 127.0.0.1: exempt from the https/public-address rule.
  server = await startTestServer({}, { outboundAllowedOrigins: [pushService.url] })
  farm = await seedAccount(server, [])
  neighbour = await seedAccount(server, [])
})
afterAll(async () => {
  await server?.stop()
  await pushService?.close()
})

describe('a test notification to this device', () => {
  it("reaches the user's own browser in their language, then waits 30 s before another", async () => {
    const owner = await loggedIn(server.url, farm.email, farm.password, 'pl')
    const subscribe = await owner.write(
      'POST',
      '/api/push/subscriptions',
      phone.subscription(endpointOf('a')),
    )
    expect(subscribe.status).toBe(204)

    const sent = await owner.write('POST', '/api/push/test', { endpoint: endpointOf('a') })
    expect(sent.status).toBe(200)
    expect(Number.isNaN(Date.parse((sent.body as { sent_at: string }).sent_at))).toBe(false)
    expect(received('a')).toHaveLength(1)
    expect(JSON.parse(phone.decrypt(received('a')[0]!.body))).toEqual({
      title: 'Test Kropli',
      body: 'Powiadomienia docierają na to urządzenie.',
      url: '/#/mobile/fcm',
      tag: 'kropla-test',
    })

    const again = await owner.write('POST', '/api/push/test', { endpoint: endpointOf('a') })
    expect(again.status).toBe(429)
    expect((again.body as { error: string; message: string }).error).toBe('too_many_attempts')
    expect((again.body as { message: string }).message).toMatch(
      /^Zbyt wiele prób\. Spróbuj ponownie za \d+ s\.$/,
    )
    expect(received('a')).toHaveLength(1)
  })

  it("never sends to another account's browser, nor to one that is not subscribed", async () => {
    const other = await loggedIn(server.url, neighbour.email, neighbour.password)
    await other.write('POST', '/api/push/subscriptions', neighbourPhone.subscription(endpointOf('b')))
    const before = pushService.received.length
    // The neighbour names the farm's browser: not theirs, so not found, and nothing is sent.
    const answer = await other.write('POST', '/api/push/test', { endpoint: endpointOf('a') })
    expect(answer).toEqual({
      status: 404,
      body: {
        error: 'push_not_subscribed',
        message: 'This device is not subscribed to notifications: turn them on first.',
      },
    })
    expect(pushService.received.length).toBe(before)
    const kept = await server.database.pool.query(
      'select id_user from push_subscriptions where endpoint = $1',
      [endpointOf('a')],
    )
    expect(kept.rows).toEqual([{ id_user: farm.user.id }])
  })

  it('refuses a bad endpoint with a clear error in the user language, sending nothing', async () => {
    const owner = await loggedIn(server.url, neighbour.email, neighbour.password, 'pl')
    const before = pushService.received.length
    const answer = await owner.write('POST', '/api/push/test', { endpoint: 'not an address' })
    expect(answer.status).toBe(400)
    expect((answer.body as { error: string }).error).toBe('validation_failed')
    expect((answer.body as { message: string }).message).not.toMatch(/[Ii]nvalid/)
    expect(pushService.received.length).toBe(before)
  })

  it('forgets a subscription the push service says is gone, and says it is not subscribed', async () => {
    const owner = await loggedIn(server.url, neighbour.email, neighbour.password)
    const gone = `${pushService.url}/push/gone-c`
    await owner.write('POST', '/api/push/subscriptions', neighbourPhone.subscription(gone))
    const answer = await owner.write('POST', '/api/push/test', { endpoint: gone })
    expect(answer.status).toBe(404)
    expect((answer.body as { error: string }).error).toBe('push_not_subscribed')
    const kept = await server.database.pool.query('select 1 from push_subscriptions where endpoint = $1', [
      gone,
    ])
    expect(kept.rows).toEqual([])
  })
})
