import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { created, issuesOf } from '../../test/resource-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function account(lang = 'en') {
  const seeded = await seedAccount(server, ['AM-100-103'])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  return { ...seeded, session, probe: seeded.modules[0]! }
}

const triangle = [
  { lng: 19, lat: 50 },
  { lng: 19.1, lat: 50 },
  { lng: 19.1, lat: 50.1 },
]
const storedRegions = async (idClient: number) =>
  (await server.database.pool.query('select name, points from regions where id_client = $1', [idClient])).rows

describe('regions', () => {
  it('adds a region with its modules, edits and removes it', async () => {
    const { session, probe } = await account()
    const region = await created(session, '/api/regions', {
      name: 'North field',
      description: 'Wheat',
      points: triangle,
      objects: [probe.id],
    })
    expect(region).toEqual({
      id: region.id,
      name: 'North field',
      description: 'Wheat',
      points: triangle,
      objects: [probe.id],
    })
    expect((await session.request('GET', '/api/regions')).body).toEqual([region])
    const square = [...triangle, { lng: 19, lat: 50.1 }]
    const edited = await session.write('PUT', `/api/regions/${region.id}`, { name: 'North', points: square })
    expect(edited.body).toMatchObject({ name: 'North', points: square, objects: [] })
    expect((await session.write('DELETE', `/api/regions/${region.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/regions/${region.id}`)).status).toBe(404)
  })

  it('needs at least three points, in English and Polish, and stores nothing', async () => {
    const english = await account()
    const line = await english.session.write('POST', '/api/regions', {
      name: 'Line',
      points: triangle.slice(0, 2),
    })
    expect(line.status).toBe(400)
    expect(issuesOf(line.body)).toEqual({ points: 'A region needs at least three points.' })
    const outside = await english.session.write('POST', '/api/regions', {
      name: 'Far',
      points: [...triangle.slice(0, 2), { lng: 190, lat: 50 }],
    })
    expect(issuesOf(outside.body)).toEqual({ 'points.2.lng': 'The value is too big.' })
    expect(await storedRegions(english.user.id_client)).toEqual([])

    const polish = await account('pl')
    const refused = await polish.session.write('POST', '/api/regions', {
      name: 'Linia',
      points: triangle.slice(0, 2),
    })
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      message: 'Podane informacje są niepoprawne.',
    })
    expect(issuesOf(refused.body)).toEqual({ points: 'Region wymaga co najmniej trzech punktów.' })
    const region = await created(polish.session, '/api/regions', { name: 'Pole', points: triangle })
    const shrunk = await polish.session.write('PUT', `/api/regions/${region.id}`, {
      name: 'Pole',
      points: triangle.slice(0, 2),
    })
    expect(shrunk.status).toBe(400)
    expect(await storedRegions(polish.user.id_client)).toEqual([{ name: 'Pole', points: triangle }])
  })

  it('refuses modules of another account', async () => {
    const { session, user } = await account()
    const stranger = await account()
    const answer = await session.write('POST', '/api/regions', {
      name: 'Theirs',
      points: triangle,
      objects: [stranger.probe.id],
    })
    expect(answer.body).toEqual({
      error: 'element_not_found',
      message: 'One of the chosen elements no longer exists.',
    })
    expect(await storedRegions(user.id_client)).toEqual([])
  })
})

describe('geo objects', () => {
  it('adds a point of interest, edits and removes it', async () => {
    const { session } = await account()
    const shed = await created(session, '/api/geo_objects', {
      name: 'Shed',
      location: { lng: 19.5, lat: 50.2 },
    })
    expect(shed).toEqual({
      id: shed.id,
      name: 'Shed',
      description: '',
      marker: 1,
      location: { lng: 19.5, lat: 50.2 },
    })
    expect((await session.request('GET', '/api/geo_objects')).body).toEqual([shed])
    const edited = await session.write('PUT', `/api/geo_objects/${shed.id}`, {
      name: 'Pump house',
      marker: 3,
      location: { lng: 19.6, lat: 50.3 },
    })
    expect(edited.body).toMatchObject({ name: 'Pump house', marker: 3, location: { lng: 19.6, lat: 50.3 } })
    expect((await session.write('DELETE', `/api/geo_objects/${shed.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/geo_objects/${shed.id}`)).status).toBe(404)
  })

  it('refuses a marker outside the list and a missing location, in Polish', async () => {
    const { session } = await account('pl')
    const wrong = await session.write('POST', '/api/geo_objects', { name: 'Brama', marker: 9 })
    expect(issuesOf(wrong.body)).toEqual({ marker: 'Wybierz wartość z listy.', location: 'Pole wymagane' })
    expect((await session.request('GET', '/api/geo_objects')).body).toEqual([])
  })
})

describe('region shapes', () => {
  it('refuses a bow tie whose edges cross and three points on one line, in English and Polish', async () => {
    const english = await account()
    const [a, b, c] = triangle
    const d = { lng: 19, lat: 50.1 }
    const bowTie = await english.session.write('POST', '/api/regions', { name: 'Bow', points: [a, c, b, d] })
    expect(bowTie.status).toBe(400)
    expect(issuesOf(bowTie.body)).toEqual({ points: 'The edges of a region must not cross.' })
    const line = await english.session.write('POST', '/api/regions', {
      name: 'Line',
      points: [a, { lng: 19.05, lat: 50 }, b],
    })
    expect(issuesOf(line.body)).toEqual({ points: 'A region needs at least three points.' })
    expect(await storedRegions(english.user.id_client)).toEqual([])
    const polish = await account('pl')
    const refused = await polish.session.write('POST', '/api/regions', {
      name: 'Kokarda',
      points: [a, c, b, d],
    })
    expect(issuesOf(refused.body)).toEqual({ points: 'Krawędzie regionu nie mogą się przecinać.' })
  })
})

describe('regions and geo objects of another account', () => {
  it('cannot be read, changed or removed', async () => {
    const owner = await account()
    const stranger = await account()
    const region = await created(owner.session, '/api/regions', { name: 'Mine', points: triangle })
    const well = await created(owner.session, '/api/geo_objects', { name: 'Well', location: triangle[0] })
    for (const path of [`/api/regions/${region.id}`, `/api/geo_objects/${well.id}`]) {
      expect((await stranger.session.request('GET', path)).status).toBe(404)
      const body = path.includes('regions')
        ? { name: 'Taken', points: triangle }
        : { name: 'Taken', location: triangle[0] }
      expect((await stranger.session.write('PUT', path, body)).status).toBe(404)
      expect((await stranger.session.write('DELETE', path)).status).toBe(404)
    }
    expect((await stranger.session.request('GET', '/api/regions')).body).toEqual([])
    expect((await stranger.session.request('GET', '/api/geo_objects')).body).toEqual([])
    expect(await storedRegions(owner.user.id_client)).toEqual([{ name: 'Mine', points: triangle }])
    expect((await owner.session.request('GET', `/api/geo_objects/${well.id}`)).body).toMatchObject({
      name: 'Well',
    })
  })
})

describe('map settings', () => {
  it('name the tile service to a signed-in user and the CSP allows its images', async () => {
    const { session } = await account()
    const answer = await session.request('GET', '/api/map/settings')
    expect(answer.body).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
      farm: null,
      geocoder: false,
    })
    const page = await fetch(`${server.url}/`)
    expect(page.headers.get('content-security-policy')).toContain(
      "img-src 'self' data: https://tile.openstreetmap.org;",
    )
    // The field map keeps the tiles it showed for offline use: it fetches them into Cache Storage.
    expect(page.headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://tile.openstreetmap.org;",
    )
    expect((await fetch(`${server.url}/api/map/settings`)).status).toBe(401)
  })
})
