import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { addOutput, created, issuesOf, moduleOutput } from '../../test/resource-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function account(lang = 'en') {
  const seeded = await seedAccount(server, ['AM-411', 'AM-600'])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  const [valves, universal] = seeded.modules
  const outputs = await Promise.all(
    ['o1', 'o2', 'o3'].map((field) => moduleOutput(session, valves!.id, field)),
  )
  return { ...seeded, session, outputs, valves: valves!, universal: universal! }
}

const storedSources = async (idClient: number) =>
  (await server.database.pool.query('select name from water_sources where id_client = $1', [idClient])).rows

describe('water sources', () => {
  it('adds a water source with clean and fertigated outputs, edits and removes it', async () => {
    const { session, outputs } = await account()
    const [clean, fertigated, other] = outputs
    const source = await created(session, '/api/water_sources', {
      name: 'Deep well',
      description: 'Behind the barn',
      efficiency: 12.5,
      clean_outputs: [clean!.id],
      fertigated_outputs: [fertigated!.id],
    })
    expect(source).toEqual({
      id: source.id,
      name: 'Deep well',
      description: 'Behind the barn',
      efficiency: 12.5,
      clean_outputs: [clean!.id],
      fertigated_outputs: [fertigated!.id],
    })
    expect((await session.request('GET', '/api/water_sources')).body).toEqual([source])
    const edited = await session.write('PUT', `/api/water_sources/${source.id}`, {
      name: 'Well',
      efficiency: 8,
      clean_outputs: [other!.id, clean!.id],
    })
    expect(edited.body).toMatchObject({ name: 'Well', efficiency: 8, fertigated_outputs: [] })
    expect((edited.body.clean_outputs as number[]).sort()).toEqual([clean!.id, other!.id].sort())
    expect((await session.write('DELETE', `/api/water_sources/${source.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/water_sources/${source.id}`)).status).toBe(404)
  })

  it('needs a clean-water output and refuses one output for both waters, in English and Polish', async () => {
    const english = await account()
    const empty = await english.session.write('POST', '/api/water_sources', {
      name: 'Well',
      efficiency: 1,
      clean_outputs: [],
    })
    expect(empty.status).toBe(400)
    expect(issuesOf(empty.body)).toEqual({ clean_outputs: 'A water source needs at least one output.' })
    const twice = await english.session.write('POST', '/api/water_sources', {
      name: 'Well',
      efficiency: 1,
      clean_outputs: [english.outputs[0]!.id],
      fertigated_outputs: [english.outputs[0]!.id],
    })
    expect(issuesOf(twice.body)).toEqual({
      fertigated_outputs: 'An output cannot deliver both clean and fertigated water.',
    })
    const negative = await english.session.write('POST', '/api/water_sources', {
      name: 'Well',
      efficiency: -1,
      clean_outputs: [english.outputs[0]!.id],
    })
    expect(issuesOf(negative.body)).toEqual({ efficiency: 'The value is too small.' })
    expect(await storedSources(english.user.id_client)).toEqual([])

    const polish = await account('pl')
    const refused = await polish.session.write('POST', '/api/water_sources', {
      name: 'Studnia',
      efficiency: 1,
      clean_outputs: [],
    })
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      message: 'Podane informacje są niepoprawne.',
    })
    expect(issuesOf(refused.body)).toEqual({
      clean_outputs: 'Źródło wody wymaga co najmniej jednego wyjścia.',
    })
    expect(await storedSources(polish.user.id_client)).toEqual([])
  })

  it('takes only outputs of the account, not input equipment', async () => {
    const { session, universal, user } = await account()
    const stranger = await account()
    const sensor = await addOutput(session, universal.id, 'DI_USR_1', {
      kind: 'binary_input',
      type: 'generic_bi',
    })
    const input = await session.write('POST', '/api/water_sources', {
      name: 'Well',
      efficiency: 1,
      clean_outputs: [sensor.id],
    })
    expect(issuesOf(input.body)).toEqual({ clean_outputs: 'Choose a value from the list.' })
    const foreign = await session.write('POST', '/api/water_sources', {
      name: 'Well',
      efficiency: 1,
      clean_outputs: [stranger.outputs[0]!.id],
    })
    expect(foreign.body).toEqual({
      error: 'element_not_found',
      message: 'One of the chosen elements no longer exists.',
    })
    expect(await storedSources(user.id_client)).toEqual([])
  })

  it('warns about the sections and outputs drawing from it, and leaves them without one when removed', async () => {
    const { session, outputs, valves } = await account()
    const source = await created(session, '/api/water_sources', {
      name: 'River',
      efficiency: 3,
      clean_outputs: [outputs[0]!.id],
    })
    const section = await created(session, '/api/sections', {
      name: 'Orchard',
      area: 2,
      flow: 4,
      id_water_source: source.id,
    })
    const drawing = await session.write('PUT', `/api/outputs/${outputs[1]!.id}`, {
      name: 'Drip line',
      kind: 'output',
      type: 'irr',
      id_object: valves.id,
      field_name: 'o2',
      id_water_source: source.id,
    })
    expect(drawing.body).toMatchObject({ id_water_source: source.id })
    expect((await session.request('GET', `/api/water_sources/${source.id}/usage`)).body).toEqual({
      blocking: [],
      warnings: [
        { kind: 'section', id: section.id, name: 'Orchard' },
        { kind: 'output', id: outputs[1]!.id, name: 'Drip line' },
      ],
    })
    expect((await session.write('DELETE', `/api/water_sources/${source.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/sections/${section.id}`)).body).toMatchObject({
      id_water_source: null,
    })
    expect((await session.request('GET', `/api/outputs/${outputs[1]!.id}`)).body).toMatchObject({
      id_water_source: null,
    })
  })
})
