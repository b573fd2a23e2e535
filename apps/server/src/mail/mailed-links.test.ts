import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, lastMailTo, loggedIn } from '../test/account-fixtures'
import { readOutbox } from '../test/outbox'
import { httpSession, seedAccount, startTestServer, type TestServer } from '../test/test-server'

/**
 * Links in mail (password reset, invitation, test and alarm notices) point where the operator
 * said, never where a request's headers say: a forged Host would otherwise mail a live reset token
 * to the forger's site (security review, issue 23 item 4).
 */
const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', origin: 'http://evil.example' }

/** Asks for a password reset with these request headers; the link mailed for it. */
async function resetLink(server: TestServer, farm: Awaited<ReturnType<typeof seedAccount>>, headers = {}) {
  const { email } = await addUser(server, farm.user.id_client)
  const asked = await httpSession(server.url).write(
    'POST',
    '/api/pass_reset',
    { account_name: farm.clientName, email },
    headers,
  )
  expect(asked).toEqual({ status: 200, body: { ok: true } })
  return lastMailTo(server, email, 'pass_reset')
}

describe('mailed links without PUBLIC_URL or ALLOWED_HOSTS', () => {
  let server: TestServer
  let farm: Awaited<ReturnType<typeof seedAccount>>
  beforeAll(async () => {
    server = await startTestServer()
    farm = await seedAccount(server, [])
  })
  afterAll(() => server?.stop())

  it('a password reset asked with a forged Host mails its link on the address the server listens on', async () => {
    const mail = await resetLink(server, farm, forged)
    expect(mail.origin).toBe(server.url)
    expect(mail.text).not.toContain('evil.example')
  })

  it('an invitation sent with a forged Host likewise', async () => {
    const admin = await loggedIn(server.url, farm.email, farm.password)
    const email = `invitee${process.pid}x${Date.now()}@example.com`
    const invited = await admin.write(
      'POST',
      '/api/users/invite',
      { email, name: 'Anna', family_name: 'Nowak', type: 2, lang: 'en' },
      forged,
    )
    expect(invited.status).toBe(202)
    const mail = lastMailTo(server, email, 'invitation')
    expect(mail.origin).toBe(server.url)
    expect(mail.text).not.toContain('evil.example')
  })
})

describe('mailed links with ALLOWED_HOSTS', () => {
  let server: TestServer
  let farm: Awaited<ReturnType<typeof seedAccount>>
  beforeAll(async () => {
    server = await startTestServer({
      ALLOWED_HOSTS: 'farm.example.com, Kropla.local:8080,https://secure.example',
    })
    farm = await seedAccount(server, [])
  })
  afterAll(() => server?.stop())

  it('uses the allowed host the request came to', async () => {
    expect((await resetLink(server, farm, { host: 'kropla.local:8080' })).origin).toBe(
      'http://kropla.local:8080',
    )
    expect((await resetLink(server, farm, { host: 'secure.example' })).origin).toBe('https://secure.example')
  })

  it('uses the first allowed host for a request that names another (or a port not allowed)', async () => {
    expect((await resetLink(server, farm, forged)).origin).toBe('http://farm.example.com')
    expect((await resetLink(server, farm, { host: 'kropla.local:9999' })).origin).toBe(
      'http://farm.example.com',
    )
    expect((await resetLink(server, farm, { host: 'farm.example.com.evil.example' })).origin).toBe(
      'http://farm.example.com',
    )
  })

  it('puts the first allowed host in mail no request asked for (a test message, alarm notices)', async () => {
    const session = await loggedIn(server.url, farm.email, farm.password)
    const answer = await session.write('POST', '/api/test/profile', { channel: 'email' }, forged)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const mail = readOutbox(server.dataDir)
      .filter((message) => message.to === farm.email)
      .at(-1)
    expect(mail?.text).toContain('http://farm.example.com/#/test/profile')
  })
})
