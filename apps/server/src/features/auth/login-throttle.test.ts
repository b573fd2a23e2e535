import http from 'node:http'
import { throttlePolicies } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
/** The server's clock stands still unless a test moves it: delays pass without waiting, and a slow password check takes no time. */
let clock = Date.now()
const advance = (seconds: number) => {
  clock += seconds * 1000
}

/**
 * Every password check costs a second of scrypt, so the e-mail and address counters start
 * delaying sooner here than in production (20 and 50 free failures, checked above); the pair
 * and device counters, their doubling and every cap are the production ones.
 */
const emailFree = 8
const addressFree = 20

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      now: () => new Date(clock),
      throttlePolicies: {
        email: { ...throttlePolicies.email, free: emailFree },
        address: { ...throttlePolicies.address, free: addressFree },
      },
    },
  )
})
afterAll(() => server?.stop())

interface Answer {
  status: number
  retryAfter: string | undefined
  body: { error?: string; message?: string }
  sessionCookie: boolean
}

/**
 * A browser on another machine: its requests leave from `address` (any 127.x.y.z reaches the
 * server on 127.0.0.1), with its own cookies, CSRF token and language.
 */
function browserAt(address: string, lang = 'en') {
  const cookies = new Map<string, string>()
  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
      const request = http.request(
        `${server.url}${path}`,
        {
          method,
          localAddress: address,
          headers: {
            'accept-language': lang,
            cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            ...headers,
          },
        },
        (response) => {
          let text = ''
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => {
            text += chunk
          })
          response.on('end', () => {
            for (const line of response.headers['set-cookie'] ?? []) {
              const [pair] = line.split(';')
              const [name, ...value] = pair!.split('=')
              if (value.join('=') === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name!)
              else cookies.set(name!, value.join('='))
            }
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text })
          })
        },
      )
      request.on('error', reject)
      request.end(body)
    })
  return {
    cookies,
    async login(email: string, password: string): Promise<Answer> {
      const token = (JSON.parse((await send('GET', '/token', {})).text) as { token: string }).token
      const hadSession = cookies.has('kropla_session')
      const answer = await send(
        'POST',
        '/login',
        { 'content-type': 'application/json', 'csrf-token': token },
        JSON.stringify({ email, password }),
      )
      return {
        status: answer.status,
        retryAfter: answer.headers['retry-after'] as string | undefined,
        body: JSON.parse(answer.text) as Answer['body'],
        sessionCookie: !hadSession && cookies.has('kropla_session'),
      }
    },
    async logout() {
      const token = (JSON.parse((await send('GET', '/token', {})).text) as { token: string }).token
      return send('GET', '/logout', { 'csrf-token': token })
    },
  }
}

/** Wrong passwords from `browser` until `count` of them have been counted, waiting out each delay. */
async function failCounted(browser: ReturnType<typeof browserAt>, email: string, count: number) {
  for (let counted = 0; counted < count; ) {
    const answer = await browser.login(email, 'Wrong-password-9')
    if (answer.status === 429) advance(Number(answer.retryAfter))
    else {
      expect(answer.status).toBe(401)
      counted++
    }
  }
}

describe('login throttling', () => {
  it('answers 429 with a growing retry-after, and does not check the right password while delayed', async () => {
    const account = await seedAccount(server, [])
    const browser = browserAt('127.0.0.11')
    for (let i = 0; i < 5; i++)
      expect((await browser.login(account.email, 'Wrong-password-9')).status).toBe(401)

    const delayed = await browser.login(account.email, account.password)
    expect(delayed).toEqual({
      status: 429,
      retryAfter: '1',
      body: { error: 'too_many_attempts', message: 'Too many attempts. Try again in 1 s.' },
      sessionCookie: false,
    })
    advance(1)
    expect((await browser.login(account.email, 'Wrong-password-9')).status).toBe(401)
    expect((await browser.login(account.email, account.password)).retryAfter).toBe('2')
    // Attempts refused while delayed neither count nor succeed: the next delay is 4 s, not more.
    for (let i = 0; i < 3; i++)
      expect((await browser.login(account.email, account.password)).status).toBe(429)
    advance(2)
    expect((await browser.login(account.email, 'Wrong-password-9')).status).toBe(401)
    const polish = await browserAt('127.0.0.11', 'pl').login(account.email, account.password)
    expect(polish).toMatchObject({
      status: 429,
      retryAfter: '4',
      body: { message: 'Zbyt wiele prób. Spróbuj ponownie za 4 s.' },
    })

    advance(4)
    const success = await browser.login(account.email, account.password)
    expect(success).toMatchObject({ status: 200, sessionCookie: true })
    // The success cleared the counters of the e-mail and of this address with it: a browser
    // there without the device cookie has five free failures again, then one second.
    const sameAddress = browserAt('127.0.0.11')
    for (let i = 0; i < 5; i++)
      expect((await sameAddress.login(account.email, 'Wrong-password-9')).status).toBe(401)
    expect((await sameAddress.login(account.email, account.password)).retryAfter).toBe('1')
  })

  it("does not keep the owner out, from another address, longer than the e-mail's short cap", async () => {
    const account = await seedAccount(server, [])
    // An attack spread over four addresses, four guesses each (below the pair's threshold): the
    // e-mail's own counter goes past its threshold and reaches its 30-second cap.
    const attackers = [21, 22, 23, 24].map((host) => browserAt(`127.0.0.${host}`))
    // One after another: in parallel, a stale 429 could move the shared clock past the last delay.
    for (const attacker of attackers) await failCounted(attacker, account.email, 4)

    const owner = browserAt('127.0.0.29')
    const first = await owner.login(account.email, account.password)
    expect(first.status).toBe(429)
    expect(Number(first.retryAfter)).toBeGreaterThan(0)
    expect(Number(first.retryAfter)).toBeLessThanOrEqual(30)
    advance(Number(first.retryAfter))
    expect(await owner.login(account.email, account.password)).toMatchObject({
      status: 200,
      sessionCookie: true,
    })
    // The owner's success starts the e-mail's counter again, not the attackers' own counters.
    expect((await browserAt('127.0.0.27').login(account.email, 'Wrong-password-9')).status).toBe(401)
    expect((await attackers[0]!.login(account.email, 'Wrong-password-9')).status).toBe(401)
    expect((await attackers[0]!.login(account.email, 'Wrong-password-9')).retryAfter).toBe('1')
  })

  it("never delays the owner's own browser, where they logged in before", async () => {
    const account = await seedAccount(server, [])
    const owner = browserAt('127.0.0.31')
    expect((await owner.login(account.email, account.password)).status).toBe(200)
    await owner.logout()
    expect(owner.cookies.has('kropla_device')).toBe(true)

    // An attack spread over many addresses puts the e-mail under its delay...
    for (const host of [40, 41, 42, 43]) await failCounted(browserAt(`127.0.0.${host}`), account.email, 4)
    const stranger = await browserAt('127.0.0.50').login(account.email, account.password)
    expect(stranger.status).toBe(429)
    // ...but not the browser that holds the device cookie for this e-mail.
    expect((await owner.login(account.email, account.password)).status).toBe(200)
  })

  it('counts parallel attempts before checking them, so a burst cannot slip past the counters', async () => {
    const account = await seedAccount(server, [])
    const burst = browserAt('127.0.0.71')
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => burst.login(account.email, 'Wrong-password-9')),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)])
  })

  it('slows down one address spraying many accounts, and a success of its own does not reset that', async () => {
    const own = await seedAccount(server, [])
    const sprayer = browserAt('127.0.0.61')
    for (let batch = 0; batch < addressFree; batch += 5) {
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map((i) => sprayer.login(`victim${batch + i}@example.com`, 'Summer2026!')),
      )
      expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401])
    }
    const next = await sprayer.login('victim-next@example.com', 'Summer2026!')
    expect(next).toMatchObject({ status: 429, retryAfter: '1' })
    // The same address is delayed for a real account too, and logging in there leaves the count.
    expect((await sprayer.login(own.email, own.password)).status).toBe(429)
    advance(1)
    expect((await sprayer.login(own.email, own.password)).status).toBe(200)
    await sprayer.logout()
    expect((await sprayer.login('victim-last@example.com', 'Summer2026!')).status).toBe(401)
    expect((await sprayer.login('victim-after@example.com', 'Summer2026!')).retryAfter).toBe('2')
  })
})
