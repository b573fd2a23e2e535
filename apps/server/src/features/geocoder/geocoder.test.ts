import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, loggedIn } from '../../test/account-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

/** A stand-in for Nominatim on a real socket: answers /search as `format=jsonv2` does. */
function startNominatim() {
  const asked: { path: string; params: URLSearchParams; userAgent: string | undefined }[] = []
  let answer: { status: number; body: unknown } = { status: 200, body: [] }
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in')
    asked.push({ path: url.pathname, params: url.searchParams, userAgent: request.headers['user-agent'] })
    response.writeHead(answer.status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(answer.body))
  })
  return new Promise<{
    url: string
    asked: typeof asked
    answerWith: (status: number, body: unknown) => void
    close: () => Promise<void>
  }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}/nominatim/`,
        asked,
        answerWith: (status, body) => {
          answer = { status, body }
        },
        close: () => new Promise((done) => server.close(() => done())),
      })
    }),
  )
}

let nominatim: Awaited<ReturnType<typeof startNominatim>>
let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>

beforeAll(async () => {
  nominatim = await startNominatim()
  server = await startTestServer({ GEOCODER_URL: nominatim.url })
  farm = await seedAccount(server, ['AM-100-103'])
})
afterAll(async () => {
  await server?.stop()
  await nominatim?.close()
})

const grojec = [
  {
    place_id: 1,
    lat: '51.8655123',
    lon: '20.8672456',
    display_name: 'Polna 1, Grójec, powiat grójecki, województwo mazowieckie, 05-600, Polska',
    type: 'house',
  },
  // What a broken geocoder might send: a point off the globe, a place without coordinates.
  { place_id: 2, lat: '123', lon: '20', display_name: 'Nowhere' },
  { place_id: 3, display_name: 'No point' },
  { place_id: 4, lat: '51.86', lon: '20.86', display_name: 'Grójec, powiat grójecki, Polska' },
]

describe("finding the farm's place by address (GEOCODER_URL)", () => {
  it('asks the geocoder in the user’s language and offers the places with a point on the globe', async () => {
    nominatim.answerWith(200, grojec)
    const admin = await loggedIn(server.url, farm.email, farm.password, 'pl')
    expect((await admin.request('GET', '/api/map/settings')).body.geocoder).toBe(true)
    const found = await admin.request('GET', `/api/geocode?q=${encodeURIComponent('Polna 1, Grójec')}`)
    expect(found).toEqual({
      status: 200,
      body: {
        places: [
          {
            name: 'Polna 1, Grójec, powiat grójecki, województwo mazowieckie, 05-600, Polska',
            lat: 51.8655123,
            lng: 20.8672456,
          },
          { name: 'Grójec, powiat grójecki, Polska', lat: 51.86, lng: 20.86 },
        ],
      },
    })
    const call = nominatim.asked.at(-1)!
    expect(call.path).toBe('/nominatim/search')
    expect(Object.fromEntries(call.params)).toMatchObject({
      q: 'Polna 1, Grójec',
      format: 'jsonv2',
      limit: '5',
      'accept-language': 'pl',
    })
    expect(call.userAgent).toMatch(/Kropla/)

    // The same address again (case and spaces aside) is answered from memory, not asked again.
    const calls = nominatim.asked.length
    const again = await admin.request('GET', `/api/geocode?q=${encodeURIComponent('polna 1,  GRÓJEC')}`)
    expect(again.body).toEqual(found.body)
    expect(nominatim.asked.length).toBe(calls)
  })

  it('says plainly when the geocoder fails or finds nothing, and refuses a too short address', async () => {
    const admin = await loggedIn(server.url, farm.email, farm.password)
    nominatim.answerWith(503, { error: 'overloaded' })
    expect(await admin.request('GET', '/api/geocode?q=Polna%201')).toEqual({
      status: 502,
      body: {
        error: 'geocoder_failed',
        message: 'The address search service did not answer. Try again later, or set the point on the map.',
      },
    })
    nominatim.answerWith(200, { not: 'a list' })
    expect((await admin.request('GET', '/api/geocode?q=Polna%201')).status).toBe(502)
    nominatim.answerWith(200, [])
    expect((await admin.request('GET', '/api/geocode?q=Atlantyda')).body).toEqual({ places: [] })

    const calls = nominatim.asked.length
    const short = await admin.request('GET', '/api/geocode?q=ab')
    expect(short.status).toBe(400)
    expect(short.body.issues).toEqual([{ path: 'q', message: 'Type at least 3 characters of the address.' }])
    expect(nominatim.asked.length).toBe(calls)
  })

  it('is for the account’s admins', async () => {
    const worker = await addUser(server, farm.user.id_client, 'normal')
    const session = await loggedIn(server.url, worker.email)
    expect((await session.request('GET', '/api/geocode?q=Polna%201')).status).toBe(403)
  })
})
