import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readOutbox } from '../../test/outbox'
import { httpSession, seedAccount, startTestServer, type TestServer } from '../../test/test-server'
import { attemptPolicies } from './attempt-limiter'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let now = new Date('2026-06-01T08:00:00Z')

beforeAll(async () => {
  // The real thresholds, and a clock the test moves.
  server = await startTestServer({}, { attemptPolicies, now: () => now })
  farm = await seedAccount(server, ['AM-100-103'])
  await server.database.pool.query('update objects set id_client = null where id = $1', [farm.modules[0]!.id])
})
afterAll(() => server?.stop())

describe("guessing a module's PIN at registration", () => {
  it('is slowed after five wrong PINs for one serial from one address, and the right PIN is not even checked meanwhile', async () => {
    const visitor = httpSession(server.url)
    const [module] = farm.modules
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await visitor.write('POST', '/api/register/device', {
        serial: module!.serial,
        pin: '0000',
      })
      expect(wrong.body.error).toBe('check_serial_pin')
    }
    const delayed = await visitor.write('POST', '/api/register/device', {
      serial: module!.serial,
      pin: module!.pin,
    })
    expect(delayed.status).toBe(429)
    expect(delayed.body).toEqual({
      error: 'too_many_attempts',
      message: 'Too many attempts. Try again in 1 s.',
    })
    const finalStep = await visitor.write('POST', '/api/register', {
      serial: module!.serial,
      pin: module!.pin,
      account_name: 'Guessing Farm',
      email: 'guess@example.com',
      password: 'Guess-word-1',
      password_confirm: 'Guess-word-1',
      terms: true,
      required_consents: true,
    })
    expect(finalStep.body).toMatchObject({ error: 'too_many_attempts' })

    now = new Date(now.getTime() + 2000)
    const right = await visitor.write('POST', '/api/register/device', {
      serial: module!.serial,
      pin: module!.pin,
    })
    expect(right).toEqual({ status: 200, body: { ok: true, model: 'AM-100-103' } })
  })
})

describe('password reset mail', () => {
  it('goes to one e-mail address three times, then waits a minute, and sends nothing meanwhile', async () => {
    const visitor = httpSession(server.url)
    const request = { account_name: farm.clientName, email: farm.email }
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await visitor.write('POST', '/api/pass_reset', request)).status).toBe(200)
    }
    const mailsBefore = readOutbox(server.dataDir).length
    const delayed = await visitor.write('POST', '/api/pass_reset', request)
    expect(delayed.status).toBe(429)
    expect(delayed.body.error).toBe('too_many_attempts')
    expect(readOutbox(server.dataDir)).toHaveLength(mailsBefore)

    now = new Date(now.getTime() + 61_000)
    expect((await visitor.write('POST', '/api/pass_reset', request)).status).toBe(200)
    expect(readOutbox(server.dataDir)).toHaveLength(mailsBefore + 1)
  })
})
