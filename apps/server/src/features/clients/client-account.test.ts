import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, latest_readings, objects, readings, users } from '../../db/schema'
import { addUser, loggedIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  httpSession,
  nextEvents,
  type SeededAccount,
  seedAccount,
  startWithAccounts,
  type TestServer,
} from '../../test/test-server'

let server: TestServer
let farm: SeededAccount
let neighbour: SeededAccount
let admin: ReturnType<typeof httpSession>
let stranger: ReturnType<typeof httpSession>

const account = {
  name: '',
  type: 1,
  full_name: 'Sady Kowalski sp. z o.o.',
  tax_number: 'PL1234567890',
  address: 'Polna 1',
  zip: '05-600',
  city: 'Grójec',
  country: 'PL',
  billing: {
    name: 'Sady Kowalski',
    email: 'faktury@example.com',
    tax_number: 'PL1234567890',
    address: 'Polna 1',
    zip: '05-600',
    city: 'Grójec',
    country: 'PL',
  },
  contact: { name: 'Jan Kowalski', email: 'jan@example.com', phone: '+48 600 700 800' },
  correspondence_same: false,
  correspondence: { address: 'Skrytka 12', zip: '00-950', city: 'Warszawa', country: 'DE' },
  time_zone: 'Europe/Warsaw',
  farm_place: { address: 'Polna 1, 05-600 Grójec', location: { lat: 51.8655123, lng: 20.8672456 } },
}

async function countWhere(table: typeof readings | typeof latest_readings | typeof users, idClient: number) {
  const [row] = await server.database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.id_client, idClient))
  return row?.count ?? 0
}

async function addReadings(objectId: number, idClient: number) {
  const ts = new Date('2025-05-01T10:00:00Z')
  await server.database.db.insert(readings).values([
    { object_id: objectId, field: 'TEMP_1', ts, value: 18.5, id_client: idClient },
    { object_id: objectId, field: 'HUMIDITY_1', ts, value: 31, id_client: idClient },
  ])
  await server.database.db
    .insert(latest_readings)
    .values({ object_id: objectId, field: 'TEMP_1', ts, value: 18.5, id_client: idClient })
}

beforeAll(async () => {
  ;({ server, farm, neighbour } = await startWithAccounts(['AM-100-103'], ['AM-200']))
  admin = await loggedIn(server.url, farm.email, farm.password)
  stranger = await loggedIn(server.url, neighbour.email, neighbour.password)
  await addReadings(neighbour.modules[0]!.id, neighbour.user.id_client)
})
afterAll(() => server?.stop())

describe('client account data', () => {
  it('shows the account with its expiry and blocked flag', async () => {
    const answer = await admin.request('GET', '/api/client')
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      name: farm.clientName,
      country: 'PL',
      billing: { name: '', email: '', country: 'PL' },
      contact: { name: '', email: '', phone: '' },
      correspondence_same: true,
      time_zone: 'Europe/Warsaw',
      farm_place: { address: '', location: null },
      expires_at: null,
      blocked: false,
    })
  })

  it('saves account, company, billing, contact and correspondence data', async () => {
    const saved = await admin.write('PUT', '/api/client', { ...account, name: farm.clientName })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ ...account, name: farm.clientName, expires_at: null, blocked: false })
    expect((await admin.request('GET', '/api/client')).body).toEqual(saved.body)
  })

  it('refuses a name another account has, a country off the list, and a bad contact phone', async () => {
    const taken = await admin.write('PUT', '/api/client', {
      ...account,
      name: neighbour.clientName.toUpperCase(),
    })
    expect(taken).toEqual({
      status: 400,
      body: {
        error: 'account_name_exists',
        message: 'The specified account name already exists in the system.',
      },
    })
    const invalid = await admin.write('PUT', '/api/client', {
      ...account,
      name: farm.clientName,
      country: 'XX',
      contact: { ...account.contact, phone: '123' },
      time_zone: 'Mars/Olympus',
    })
    expect((invalid.body.issues as { path: string }[]).map((issue) => issue.path)).toEqual([
      'country',
      'contact.phone',
      'time_zone',
    ])
    expect((await admin.request('GET', '/api/client')).body).toMatchObject({
      name: farm.clientName,
      country: 'PL',
    })
  })

  it("renames the account; another account's admin changes only their own", async () => {
    const renamed = `${farm.clientName} Orchards`
    expect((await admin.write('PUT', '/api/client', { ...account, name: renamed })).body.name).toBe(renamed)
    const theirs = await stranger.write('PUT', '/api/client', {
      ...account,
      name: neighbour.clientName,
      full_name: 'Neighbour Ltd',
    })
    expect(theirs.body).toMatchObject({ name: neighbour.clientName, full_name: 'Neighbour Ltd' })
    expect((await admin.request('GET', '/api/client')).body).toMatchObject({
      name: renamed,
      full_name: account.full_name,
    })
    farm.clientName = renamed
  })

  it('is for admins: a normal user gets access_denied and changes nothing', async () => {
    const worker = await addUser(server, farm.user.id_client, 'normal')
    const session = await loggedIn(server.url, worker.email)
    const denied = { status: 403, body: { error: 'access_denied', message: 'Access denied' } }
    expect(await session.request('GET', '/api/client')).toEqual(denied)
    expect(await session.write('PUT', '/api/client', { ...account, name: 'Taken over farm' })).toEqual(denied)
    expect(
      await session.write('DELETE', '/api/client', { confirm: true, password: worker.password }),
    ).toEqual(denied)
    expect((await admin.request('GET', '/api/client')).body).toMatchObject({ name: farm.clientName })
    expect((await httpSession(server.url).request('GET', '/api/client')).status).toBe(401)
  })
})

describe("the farm's place", () => {
  it('is saved with the account, opens the map, and is in the audit log with before and after', async () => {
    const before = (await admin.request('GET', '/api/client')).body
    const place = { address: 'Sadowa 5, Belsk Duży', location: { lat: 51.8349, lng: 20.8037 } }
    const saved = await admin.write('PUT', '/api/client', { ...before, farm_place: place })
    expect(saved.status).toBe(200)
    expect(saved.body.farm_place).toEqual(place)
    expect((await admin.request('GET', '/api/map/settings')).body).toMatchObject({
      farm: place.location,
      geocoder: false,
    })
    // A normal user of the account sees the map open on it too.
    const worker = await addUser(server, farm.user.id_client, 'normal')
    const session = await loggedIn(server.url, worker.email)
    expect((await session.request('GET', '/api/map/settings')).body.farm).toEqual(place.location)

    const { rows } = await server.database.pool.query(
      `select before, after from audit_log
        where entity = 'clients' and entity_id = $1 and after ? 'farm_lat' order by id desc limit 1`,
      [String(farm.user.id_client)],
    )
    expect(rows[0]?.after).toMatchObject({
      farm_lat: 51.8349,
      farm_lng: 20.8037,
      farm_address: place.address,
    })

    // Only the address, no point: the map goes back to its default view.
    const addressOnly = { address: 'Sadowa 5, Belsk Duży', location: null }
    const cleared = await admin.write('PUT', '/api/client', { ...before, farm_place: addressOnly })
    expect(cleared.body.farm_place).toEqual(addressOnly)
    expect((await admin.request('GET', '/api/map/settings')).body.farm).toBeNull()
    // Without GEOCODER_URL there is no address search, and the browser is told so.
    expect(await admin.request('GET', '/api/geocode?q=Sadowa%205')).toEqual({
      status: 404,
      body: { error: 'geocoder_not_configured', message: 'Address search is not set up on this server.' },
    })
  })

  it('refuses coordinates off the globe or half given, in the user’s language, and keeps the saved place', async () => {
    const current = (await admin.request('GET', '/api/client')).body
    const offGlobe = await admin.write('PUT', '/api/client', {
      ...current,
      farm_place: { address: '', location: { lat: 91, lng: -180.5 } },
    })
    expect(offGlobe).toEqual({
      status: 400,
      body: {
        error: 'validation_failed',
        message: expect.any(String),
        issues: [
          { path: 'farm_place.location.lat', message: 'Latitude is between −90° and 90°.' },
          { path: 'farm_place.location.lng', message: 'Longitude is between −180° and 180°.' },
        ],
      },
    })
    const polish = await admin.request(
      'PUT',
      '/api/client',
      { ...current, farm_place: { address: '', location: { lat: 52.1 } } },
      { 'csrf-token': await admin.token(), 'accept-language': 'pl' },
    )
    expect(polish.body.issues).toEqual([{ path: 'farm_place.location.lng', message: 'Pole wymagane' }])
    const text = await admin.write('PUT', '/api/client', {
      ...current,
      farm_place: { address: '', location: { lat: '52,1', lng: 21 } },
    })
    expect((text.body.issues as { path: string }[]).map((issue) => issue.path)).toEqual([
      'farm_place.location.lat',
    ])
    expect((await admin.request('GET', '/api/client')).body.farm_place).toEqual(current.farm_place)
  })
})

describe('deleting the client account', () => {
  it('needs the ticked checkbox and the password, and changes nothing without them', async () => {
    const unticked = await stranger.write('DELETE', '/api/client', { password: neighbour.password })
    expect(unticked).toEqual({
      status: 400,
      body: { error: 'checkbox_not_set', message: 'Checkbox not set - account was not removed.' },
    })
    const polish = await stranger.request(
      'DELETE',
      '/api/client',
      { confirm: false, password: neighbour.password },
      { 'csrf-token': await stranger.token(), 'accept-language': 'pl' },
    )
    expect(polish.body).toEqual({
      error: 'checkbox_not_set',
      message: 'Nie zaznaczono pola wyboru - konto nie zostało usunięte.',
    })
    const wrong = await stranger.write('DELETE', '/api/client', {
      confirm: true,
      password: 'Wrong-password-1',
    })
    expect(wrong).toEqual({
      status: 400,
      body: { error: 'password_incorrect', message: 'Password entered is incorrect.' },
    })
    const missing = await stranger.write('DELETE', '/api/client', { confirm: true })
    expect(missing.body).toMatchObject({ error: 'validation_failed', issues: [{ path: 'password' }] })

    expect((await stranger.request('GET', '/api/client')).status).toBe(200)
    expect(await countWhere(readings, neighbour.user.id_client)).toBe(2)
    expect(await countWhere(users, neighbour.user.id_client)).toBe(1)
  })

  it('removes users and readings, logs every socket out, and frees the modules for a new registration', async () => {
    const doomed = await seedAccount(server, ['AM-100-103'])
    const idClient = doomed.user.id_client
    const module = doomed.modules[0]!
    await addReadings(module.id, idClient)
    const colleague = await addUser(server, idClient, 'normal')
    const owner = await loggedIn(server.url, doomed.email, doomed.password)
    const other = await loggedIn(server.url, colleague.email)
    const sockets = await Promise.all(
      [owner, other].map((session) => connectBrowserSocket(server.url, session.cookieHeader())),
    )
    const loggedOut = Promise.all(sockets.map((socket) => nextEvents(socket, 'log_out')))

    expect(await owner.write('DELETE', '/api/client', { confirm: true, password: doomed.password })).toEqual({
      status: 200,
      body: { ok: true },
    })
    await loggedOut
    expect((await other.request('GET', '/api/me')).status).toBe(401)
    expect((await owner.request('GET', '/api/me')).status).toBe(401)

    expect(await countWhere(users, idClient)).toBe(0)
    expect(await countWhere(readings, idClient)).toBe(0)
    expect(await countWhere(latest_readings, idClient)).toBe(0)
    expect(await server.database.db.select().from(clients).where(eq(clients.id, idClient))).toEqual([])
    const [freed] = await server.database.db.select().from(objects).where(eq(objects.id, module.id))
    expect(freed).toMatchObject({ id_client: null, name: module.serial })
    expect(freed!.deactivated_at).toBeInstanceOf(Date)

    // The neighbour's data is untouched.
    expect(await countWhere(readings, neighbour.user.id_client)).toBe(2)
    expect((await stranger.request('GET', '/api/client')).status).toBe(200)

    // The module opens a new account.
    const password = 'Second-life-1'
    const registration = await httpSession(server.url).write('POST', '/api/register', {
      serial: module.serial,
      pin: module.pin,
      account_name: `New owner ${idClient}`,
      email: doomed.email,
      password,
      password_confirm: password,
      terms: true,
      required_consents: true,
    })
    expect(registration.status).toBe(201)
  })
})
