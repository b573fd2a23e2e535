import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, objects, users } from '../../db/schema'
import { httpSession, seedAccount, startTestServer, type TestServer } from '../../test/test-server'
import { createFleetDal } from '../fleet/fleet-dal'
import { createFleetService } from '../fleet/fleet-service'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let tag: string
const probe = () => ({ serial: `R${tag}P1`, pin: '4821' })
const raced = () => ({ serial: `R${tag}P2`, pin: '7310' })
const station = () => ({ serial: `R${tag}B1`, pin: '5555' })
const airSensor = () => ({ serial: `R${tag}A1`, pin: '1234' })
const password = 'Green-field-7'

function registration(device: { serial: string; pin: string }, overrides: Record<string, unknown> = {}) {
  return {
    ...device,
    account_name: `Orchard ${tag} ${Math.random().toString(36).slice(2, 6)}`,
    email: `owner${tag}${Math.random().toString(36).slice(2, 6)}@example.com`,
    password,
    password_confirm: password,
    terms: true,
    required_consents: true,
    marketing_app: true,
    marketing_email: false,
    ...overrides,
  }
}

async function moduleRow(serial: string) {
  const [row] = await server.database.db.select().from(objects).where(eq(objects.serial, serial))
  return row!
}

beforeAll(async () => {
  server = await startTestServer()
  tag = `${process.pid}${Math.random().toString(36).slice(2, 6)}`
  farm = await seedAccount(server, ['AM-100-103'])
  const fleet = createFleetService(createFleetDal(server.database.db))
  await fleet.addModule({ ...probe(), model: 'AM-100-103' })
  await fleet.addModule({ ...raced(), model: 'AM-100-103' })
  await fleet.addModule({ ...station(), model: 'AGB-2000' })
  await fleet.addModule({ ...airSensor(), model: 'AM-200' })
})
afterAll(() => server?.stop())

describe('registration, step 1: the module', () => {
  it('accepts a free soil probe or base station with its PIN and names its model', async () => {
    const session = httpSession(server.url)
    expect(await session.write('POST', '/api/register/device', probe())).toEqual({
      status: 200,
      body: { ok: true, model: 'AM-100-103' },
    })
    expect((await session.write('POST', '/api/register/device', station())).body.model).toBe('AGB-2000')
  })

  it("gives the same 'check the serial number and PIN' for a wrong PIN and an unknown serial", async () => {
    const session = httpSession(server.url)
    const wrongPin = await session.write('POST', '/api/register/device', { ...probe(), pin: '0000' })
    expect(wrongPin).toEqual({
      status: 400,
      body: { error: 'check_serial_pin', message: 'Check the serial number and PIN code.' },
    })
    const unknown = await session.write('POST', '/api/register/device', { serial: `X${tag}`, pin: '4821' })
    expect(unknown).toEqual(wrongPin)
    const polish = await httpSession(server.url, 'pl').write('POST', '/api/register/device', {
      ...probe(),
      pin: '0000',
    })
    expect(polish.body.message).toBe('Sprawdź numer seryjny i kod PIN.')
  })

  it('refuses a module already activated, and one that cannot open an account', async () => {
    const session = httpSession(server.url)
    const activated = await session.write('POST', '/api/register/device', farm.modules[0])
    expect(activated).toEqual({
      status: 400,
      body: {
        error: 'device_already_activated',
        message: 'Device with provided serial number is already activated.',
      },
    })
    const sensor = await session.write('POST', '/api/register/device', airSensor())
    expect(sensor.body).toEqual({
      error: 'device_cannot_open_account',
      message: 'An account is opened with a base station or a soil probe.',
    })
  })

  it("answers an empty field with 'Field required', in the user's language", async () => {
    const answer = await httpSession(server.url, 'pl').write('POST', '/api/register/device', {
      serial: '',
      pin: '4821',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.issues).toEqual([{ path: 'serial', message: 'Pole wymagane' }])
  })
})

describe('registration, step 2: the account name', () => {
  it('accepts a free name of 8 characters or more', async () => {
    const answer = await httpSession(server.url).write('POST', '/api/register/account-name', {
      account_name: `Fresh ${tag}`,
    })
    expect(answer).toEqual({ status: 200, body: { ok: true } })
  })

  it('refuses a short name and a taken one (letter case ignored)', async () => {
    const session = httpSession(server.url)
    const short = await session.write('POST', '/api/register/account-name', { account_name: 'Farm 1' })
    expect(short.status).toBe(400)
    expect(short.body.issues).toEqual([
      { path: 'account_name', message: 'Account name must be at least 8 characters long' },
    ])
    const taken = await session.write('POST', '/api/register/account-name', {
      account_name: farm.clientName.toUpperCase(),
    })
    expect(taken).toEqual({
      status: 400,
      body: { error: 'account_name_taken', message: 'User name already exists.' },
    })
    const polish = await httpSession(server.url, 'pl').write('POST', '/api/register/account-name', {
      account_name: farm.clientName,
    })
    expect(polish.body.message).toBe('Nazwa użytkownika już istnieje.')
  })
})

describe('registration, steps 3 and 4 sent at once', () => {
  const cases: [string, Record<string, unknown>, { path: string; message: string }][] = [
    [
      'a short password',
      { password: 'Ab1!', password_confirm: 'Ab1!' },
      {
        path: 'password',
        message: 'Password is too short.',
      },
    ],
    [
      'a password without a digit or special character',
      { password: 'Greenfield', password_confirm: 'Greenfield' },
      {
        path: 'password',
        message:
          'Password must contain an uppercase letter, a lowercase letter, a number and a special character.',
      },
    ],
    [
      'passwords that differ',
      { password_confirm: 'Green-field-8' },
      {
        path: 'password_confirm',
        message: 'Passwords do not match.',
      },
    ],
    [
      'terms not accepted',
      { terms: false },
      {
        path: 'terms',
        message: 'You have not accepted the terms and conditions.',
      },
    ],
    [
      'required consents not accepted',
      { required_consents: false },
      {
        path: 'required_consents',
        message: 'You have not accepted required terms.',
      },
    ],
    [
      'a malformed e-mail',
      { email: 'owner-at-example.com' },
      { path: 'email', message: 'Email address is incorrect.' },
    ],
    [
      'a short account name',
      { account_name: 'Orchard' },
      {
        path: 'account_name',
        message: 'Account name must be at least 8 characters long',
      },
    ],
  ]
  for (const [what, overrides, issue] of cases) {
    it(`refuses ${what}, and creates nothing`, async () => {
      const answer = await httpSession(server.url).write(
        'POST',
        '/api/register',
        registration(probe(), overrides),
      )
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ error: 'validation_failed', issues: [issue] })
      expect((await moduleRow(probe().serial)).id_client).toBeNull()
    })
  }

  it('says it in Polish too', async () => {
    const answer = await httpSession(server.url, 'pl').write(
      'POST',
      '/api/register',
      registration(probe(), { password_confirm: 'Inne-haslo-1', terms: true }),
    )
    expect(answer.body.issues).toEqual([{ path: 'password_confirm', message: 'Hasła nie są zgodne.' }])
  })

  it('refuses an e-mail already in use, and a module or name that step 1 or 2 would refuse', async () => {
    const session = httpSession(server.url)
    const email = await session.write('POST', '/api/register', registration(probe(), { email: farm.email }))
    expect(email).toEqual({
      status: 400,
      body: { error: 'email_in_use', message: 'Provided email is already in use!' },
    })
    const module = await session.write('POST', '/api/register', registration({ ...probe(), pin: '9999' }))
    expect(module.body.error).toBe('check_serial_pin')
    const name = await session.write(
      'POST',
      '/api/register',
      registration(probe(), { account_name: farm.clientName.toLowerCase() }),
    )
    expect(name.body.error).toBe('account_name_taken')
    expect((await moduleRow(probe().serial)).id_client).toBeNull()
  })
})

describe('registration', () => {
  it('opens the account with the module, makes the registrant its admin, and logs them in', async () => {
    const session = httpSession(server.url)
    // The registrant's browser is in New York: that becomes the farm's zone, not the user's.
    const request = registration(probe(), { lang: 'pl', time_zone: 'America/New_York' })
    const unknownZone = await httpSession(server.url).write('POST', '/api/register', {
      ...request,
      time_zone: 'Mars/Olympus',
    })
    expect(unknownZone.status).toBe(400)
    expect(unknownZone.body.issues).toEqual([expect.objectContaining({ path: 'time_zone' })])
    const answer = await session.write('POST', '/api/register', request)
    expect(answer).toEqual({ status: 201, body: { ok: true } })
    expect(session.cookies.has('kropla_session')).toBe(true)

    const me = await session.request('GET', '/api/me')
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({
      email: request.email,
      type: 1,
      client_name: request.account_name,
      client_time_zone: 'America/New_York',
      time_zone: null,
      lang: 'pl',
    })
    expect((me.body.objects as { serial: string }[]).map((object) => object.serial)).toEqual([probe().serial])

    const [user] = await server.database.db.select().from(users).where(eq(users.email, request.email))
    expect(user).toMatchObject({ type: 1, invited: false, marketing_app: true, marketing_email: false })
    expect(user!.terms_accepted_at).toBeInstanceOf(Date)
    const module = await moduleRow(probe().serial)
    expect(module.id_client).toBe(user!.id_client)
    expect(module.activated_at).toBeInstanceOf(Date)

    // The new admin's session works for admin screens, and a second registration of the module fails.
    expect((await session.request('GET', '/api/users')).body).toMatchObject([
      { email: request.email, type: 1 },
    ])
    const again = await httpSession(server.url).write('POST', '/api/register', registration(probe()))
    expect(again.body.error).toBe('device_already_activated')
  })

  it('of one module by two people at the same moment opens exactly one account', async () => {
    const first = registration(raced())
    const second = registration(raced())
    const answers = await Promise.all(
      [first, second].map((body) => httpSession(server.url).write('POST', '/api/register', body)),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400])
    expect(answers.find((answer) => answer.status === 400)?.body.error).toBe('device_already_activated')
    const [opened] = await server.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(clients)
      .where(sql`${clients.name} in (${first.account_name}, ${second.account_name})`)
    expect(opened?.count).toBe(1)
    const module = await moduleRow(raced().serial)
    const [owner] = await server.database.db.select().from(clients).where(eq(clients.id, module.id_client!))
    expect([first.account_name, second.account_name]).toContain(owner?.name)
  })
})

describe('the accounts API', () => {
  it('is described in the OpenAPI document', async () => {
    const openapi = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, unknown>
    }
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/register/device',
        '/api/register/account-name',
        '/api/register',
        '/api/pass_reset',
        '/api/pass_reset/confirm',
        '/api/invitations/{token}',
        '/api/invitations/accept',
        '/api/users',
        '/api/users/invite',
        '/api/users/{id}',
        '/api/users/me',
        '/api/profile',
        '/api/profile/preferences',
        '/api/client',
      ]),
    )
  })
})
