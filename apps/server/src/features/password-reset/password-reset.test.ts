import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { user_tokens } from '../../db/schema'
import { addUser, knownPassword, lastMailTo, loggedIn } from '../../test/account-fixtures'
import { readOutbox } from '../../test/outbox'
import {
  connectBrowserSocket,
  httpSession,
  nextEvents,
  type SeededAccount,
  startWithAccounts,
  type TestServer,
} from '../../test/test-server'

let server: TestServer
let farm: SeededAccount
let neighbour: SeededAccount
const newPassword = 'Fresh-water-42'

beforeAll(async () => {
  ;({ server, farm, neighbour } = await startWithAccounts(['AM-100-103'], ['AM-200']))
})
afterAll(() => server?.stop())

describe('password reset, step 1', () => {
  it('answers an e-mail that is not a user of the named account exactly like a known one, and mails nothing', async () => {
    const { email } = await addUser(server, farm.user.id_client)
    const ask = (lang: string, body: { account_name: string; email: string }) =>
      httpSession(server.url, lang).write('POST', '/api/pass_reset', body)
    const known = await ask('en', { account_name: farm.clientName, email })
    expect(known).toEqual({ status: 200, body: { ok: true } })
    expect(lastMailTo(server, email, 'pass_reset').to).toBe(email)
    // Another account's user, an unknown address, an unknown account: no way to tell them apart.
    for (const unknown of [
      { account_name: neighbour.clientName, email: farm.email },
      { account_name: farm.clientName, email: 'nobody@example.com' },
      { account_name: 'No such account', email: farm.email },
    ]) {
      expect(await ask('en', unknown)).toEqual(known)
      expect(await ask('pl', unknown)).toEqual(known)
    }
    expect(readOutbox(server.dataDir).filter((mail) => mail.to === farm.email)).toEqual([])
    expect(readOutbox(server.dataDir).filter((mail) => mail.to === 'nobody@example.com')).toEqual([])
  })

  it("mails the link in the language asked for, else the user's stored one, else the browser's", async () => {
    const { email, user } = await addUser(server, farm.user.id_client)
    const asked = { account_name: farm.clientName, email }
    await httpSession(server.url, 'en').write('POST', '/api/pass_reset', { ...asked, lang: 'pl' })
    expect(lastMailTo(server, email, 'pass_reset').subject).toBe('Kropla: ustaw nowe hasło')
    await httpSession(server.url, 'pl').write('POST', '/api/pass_reset', asked)
    expect(lastMailTo(server, email, 'pass_reset').subject).toBe('Kropla: ustaw nowe hasło')
    await httpSession(server.url, 'en').write('POST', '/api/pass_reset', asked)
    expect(lastMailTo(server, email, 'pass_reset').subject).toBe('Kropla: set a new password')
    await server.database.pool.query(`update users set lang = 'pl' where id = $1`, [user.id])
    await httpSession(server.url, 'en').write('POST', '/api/pass_reset', asked)
    expect(lastMailTo(server, email, 'pass_reset').subject).toBe('Kropla: ustaw nowe hasło')
  })
})

describe('password reset through the mailed link', () => {
  it('sets the new password, ends every session of the user, and works once', async () => {
    const { email } = await addUser(server, farm.user.id_client)
    const before = await loggedIn(server.url, email)
    const socket = await connectBrowserSocket(server.url, before.cookieHeader())
    const loggedOut = nextEvents(socket, 'log_out')

    const asked = await httpSession(server.url).write('POST', '/api/pass_reset', {
      account_name: farm.clientName.toUpperCase(),
      email: email.toUpperCase(),
    })
    expect(asked).toEqual({ status: 200, body: { ok: true } })
    const mail = lastMailTo(server, email, 'pass_reset')
    expect(mail.origin).toBe(server.url)
    expect(mail.text).toContain('60')

    const reset = { token: mail.token, password: newPassword, password_confirm: newPassword }
    const confirmed = await httpSession(server.url).write('POST', '/api/pass_reset/confirm', reset)
    expect(confirmed).toEqual({ status: 200, body: { ok: true } })
    await loggedOut
    expect((await before.request('GET', '/api/me')).status).toBe(401)

    expect((await httpSession(server.url).login(email, knownPassword)).status).toBe(401)
    await loggedIn(server.url, email, newPassword)

    const again = await httpSession(server.url).write('POST', '/api/pass_reset/confirm', {
      ...reset,
      password: 'Other-water-43',
      password_confirm: 'Other-water-43',
    })
    expect(again).toEqual({
      status: 400,
      body: {
        error: 'link_invalid',
        message: 'This link has expired or has already been used. Ask for a new one.',
      },
    })
  })

  it('refuses an expired link, and the older link once a newer one is mailed', async () => {
    const { email, user } = await addUser(server, neighbour.user.id_client)
    const ask = () =>
      httpSession(server.url).write('POST', '/api/pass_reset', { account_name: neighbour.clientName, email })
    await ask()
    const older = lastMailTo(server, email, 'pass_reset').token
    await ask()
    const newer = lastMailTo(server, email, 'pass_reset').token
    expect(newer).not.toBe(older)
    const confirm = (token: string) =>
      httpSession(server.url, 'pl').write('POST', '/api/pass_reset/confirm', {
        token,
        password: newPassword,
        password_confirm: newPassword,
      })
    expect((await confirm(older)).body).toEqual({
      error: 'link_invalid',
      message: 'Ten link wygasł lub został już użyty. Poproś o nowy.',
    })

    await server.database.db
      .update(user_tokens)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(eq(user_tokens.user_id, user.id))
    expect((await confirm(newer)).body.error).toBe('link_invalid')
    // Only the hash of a token is stored.
    const stored = await server.database.db.select().from(user_tokens).where(eq(user_tokens.user_id, user.id))
    expect(stored.map((row) => row.id)).not.toContain(newer)
    expect(stored.map((row) => row.kind)).toEqual(['password_reset'])
  })

  it('checks the new password like registration does', async () => {
    const answer = await httpSession(server.url).write('POST', '/api/pass_reset/confirm', {
      token: 'x'.repeat(43),
      password: newPassword,
      password_confirm: 'Fresh-water-43',
    })
    expect(answer.body).toMatchObject({
      error: 'validation_failed',
      issues: [{ path: 'password_confirm', message: 'Passwords do not match.' }],
    })
    const short = await httpSession(server.url).write('POST', '/api/pass_reset/confirm', {
      token: 'x'.repeat(43),
      password: 'Ab1!',
      password_confirm: 'Ab1!',
    })
    expect(short.body.issues).toEqual([{ path: 'password', message: 'Password is too short.' }])
  })
})
