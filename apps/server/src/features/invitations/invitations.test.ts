import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lastMailTo, loggedIn } from '../../test/account-fixtures'
import { readOutbox } from '../../test/outbox'
import { httpSession, seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
const password = 'Sunny-meadow-9'

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: 'https://farm.example.com/' })
  farm = await seedAccount(server, ['AM-100-103'])
})
afterAll(() => server?.stop())

describe('invitation', () => {
  it('mails a link to the first-run set-password screen; accepting it logs the user in', async () => {
    const admin = await loggedIn(server.url, farm.email, farm.password)
    const email = `invitee${process.pid}@example.com`
    const invited = await admin.write('POST', '/api/users/invite', {
      email: email.toUpperCase(),
      name: 'Anna',
      family_name: 'Nowak',
      type: 2,
      lang: 'pl',
    })
    expect(invited).toEqual({ status: 202, body: { email } })
    const listedInvited = (await admin.request('GET', '/api/users')).body as unknown as Record<
      string,
      unknown
    >[]
    expect(listedInvited.find((user) => user.email === email)).toMatchObject({
      name: 'Anna',
      family_name: 'Nowak',
      type: 2,
      invited: true,
    })

    const mail = lastMailTo(server, email, 'invitation')
    expect(mail.origin).toBe('https://farm.example.com')
    expect(mail.subject).toBe(`Kropla: zaproszenie do konta „${farm.clientName}”`)
    expect(mail.text).toContain(farm.email)

    // Not before the password is set.
    expect((await httpSession(server.url).login(email, password)).status).toBe(401)

    const visitor = httpSession(server.url)
    expect(await visitor.request('GET', `/api/invitations/${mail.token}`)).toEqual({
      status: 200,
      body: { email, client_name: farm.clientName },
    })
    const accepted = await visitor.write('POST', '/api/invitations/accept', {
      token: mail.token,
      password,
      password_confirm: password,
    })
    expect(accepted).toEqual({ status: 200, body: { ok: true } })
    const me = await visitor.request('GET', '/api/me')
    expect(me.body.user).toMatchObject({ email, type: 2, client_name: farm.clientName })

    const listed = (await admin.request('GET', '/api/users')).body as unknown as {
      email: string
      invited: boolean
    }[]
    expect(listed.find((user) => user.email === email)?.invited).toBe(false)
    await loggedIn(server.url, email, password)

    const reused = await httpSession(server.url).write('POST', '/api/invitations/accept', {
      token: mail.token,
      password: 'Other-meadow-1',
      password_confirm: 'Other-meadow-1',
    })
    expect(reused.body.error).toBe('link_invalid')
    expect((await httpSession(server.url).request('GET', `/api/invitations/${mail.token}`)).body.error).toBe(
      'link_invalid',
    )
  })

  it('refuses an unknown link and mismatched passwords', async () => {
    const unknown = await httpSession(server.url, 'pl').request('GET', `/api/invitations/${'a'.repeat(43)}`)
    expect(unknown).toEqual({
      status: 400,
      body: { error: 'link_invalid', message: 'Ten link wygasł lub został już użyty. Poproś o nowy.' },
    })
    const mismatch = await httpSession(server.url).write('POST', '/api/invitations/accept', {
      token: 'a'.repeat(43),
      password,
      password_confirm: `${password}!`,
    })
    expect(mismatch.body).toMatchObject({
      error: 'validation_failed',
      issues: [{ path: 'password_confirm', message: 'Passwords do not match.' }],
    })
    const accept = await httpSession(server.url).write('POST', '/api/invitations/accept', {
      token: 'a'.repeat(43),
      password,
      password_confirm: password,
    })
    expect(accept.body.error).toBe('link_invalid')
    expect(readOutbox(server.dataDir).length).toBe(1)
  })
})
