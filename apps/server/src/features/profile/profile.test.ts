import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { httpSession, seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let neighbour: Awaited<ReturnType<typeof seedAccount>>
let session: ReturnType<typeof httpSession>

const profile = {
  name: 'Jan',
  family_name: 'Kowalski',
  phone: '',
  description: 'Orchards',
  notify_sms: false,
  notify_email: true,
  notify_app: true,
  marketing_app: false,
  marketing_email: true,
  marketing_phone: false,
  marketing_mail: false,
  hide_splash: true,
}

beforeAll(async () => {
  server = await startTestServer()
  farm = await seedAccount(server, ['AM-100-103'])
  neighbour = await seedAccount(server, ['AM-200'])
  session = await loggedIn(server.url, farm.email, farm.password)
})
afterAll(() => server?.stop())

describe('profile', () => {
  it('shows the stored profile with the e-mail', async () => {
    const answer = await session.request('GET', '/api/profile')
    expect(answer).toEqual({
      status: 200,
      body: {
        ...profile,
        email: farm.email,
        name: '',
        family_name: '',
        description: '',
        marketing_email: false,
        hide_splash: false,
      },
    })
  })

  it('needs a phone (prefix and nine digits) for SMS alarms', async () => {
    const noPhone = await session.write('PUT', '/api/profile', { ...profile, notify_sms: true })
    expect(noPhone.status).toBe(400)
    expect(noPhone.body.issues).toEqual([
      { path: 'phone', message: 'A phone number is required for SMS alarms.' },
    ])
    const polish = await httpSession(server.url, 'pl').request(
      'PUT',
      '/api/profile',
      { ...profile, notify_sms: true, phone: '600 700' },
      { cookie: session.cookieHeader(), 'csrf-token': await session.token() },
    )
    expect(polish.body.issues).toEqual([
      { path: 'phone', message: 'Podaj prefiks i co najmniej dziewięć cyfr, np. +48 600 700 800.' },
    ])
    expect(((await session.request('GET', '/api/profile')).body as { notify_sms: boolean }).notify_sms).toBe(
      false,
    )

    const saved = await session.write('PUT', '/api/profile', {
      ...profile,
      notify_sms: true,
      phone: '+48 600-700-800',
    })
    expect(saved).toEqual({
      status: 200,
      body: { ...profile, email: farm.email, notify_sms: true, phone: '+48 600-700-800' },
    })
    expect((await session.request('GET', '/api/profile')).body).toEqual(saved.body)
  })

  it("is the user's own: another account's user still sees theirs unchanged", async () => {
    const other = await loggedIn(server.url, neighbour.email, neighbour.password)
    const theirs = await other.request('GET', '/api/profile')
    expect(theirs.body).toMatchObject({ email: neighbour.email, name: '', notify_sms: false, phone: '' })
  })
})

describe('preferences', () => {
  it('stores time zone, date format, temperature and area unit, and /api/me shows them', async () => {
    const preferences = {
      time_zone: 'Europe/Warsaw',
      date_format: 'DD.MM.YYYY HH:mm:ss',
      temperature_unit: 'F',
      area_unit: 'ac',
    }
    expect(await session.write('PUT', '/api/profile/preferences', preferences)).toEqual({
      status: 200,
      body: preferences,
    })
    const me = await session.request('GET', '/api/me')
    expect(me.body.user).toMatchObject(preferences)
    const none = await session.write('PUT', '/api/profile/preferences', { ...preferences, time_zone: null })
    expect(none.body.time_zone).toBeNull()
  })

  it('refuses values off the lists, and keeps the stored ones', async () => {
    const valid = {
      time_zone: 'America/New_York',
      date_format: 'YYYY-MM-DD HH:mm:ss',
      temperature_unit: 'C',
      area_unit: 'ha',
    }
    await session.write('PUT', '/api/profile/preferences', valid)
    const zone = await session.write('PUT', '/api/profile/preferences', {
      ...valid,
      time_zone: 'Mars/Olympus',
    })
    expect(zone.body.issues).toEqual([{ path: 'time_zone', message: 'Choose a time zone from the list.' }])
    const rest = await session.write('PUT', '/api/profile/preferences', {
      ...valid,
      date_format: 'YY',
      temperature_unit: 'K',
      area_unit: 'acre',
    })
    expect((rest.body.issues as { path: string }[]).map((issue) => issue.path)).toEqual([
      'date_format',
      'temperature_unit',
      'area_unit',
    ])
    expect((await session.request('GET', '/api/me')).body.user).toMatchObject(valid)
  })

  it('and the profile need a session', async () => {
    const visitor = httpSession(server.url)
    expect((await visitor.request('GET', '/api/profile')).status).toBe(401)
    expect((await visitor.write('PUT', '/api/profile', profile)).status).toBe(401)
    expect((await visitor.write('PUT', '/api/profile/preferences', {})).status).toBe(401)
  })
})
