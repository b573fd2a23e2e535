import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { created, issuesOf, moduleOutput } from '../../test/resource-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function account(lang = 'en') {
  const seeded = await seedAccount(server, ['AM-411'])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  return { ...seeded, session, valves: seeded.modules[0]! }
}

const storedSections = async (idClient: number) =>
  (await server.database.pool.query('select name from sections where id_client = $1', [idClient])).rows

describe('sections', () => {
  it('adds a section with its water source and groups, edits and removes it', async () => {
    const { session, valves } = await account()
    const output = await moduleOutput(session, valves.id, 'o1')
    const source = await created(session, '/api/water_sources', {
      name: 'Well',
      efficiency: 4,
      clean_outputs: [output.id],
    })
    const group = await created(session, '/api/groups', {
      name: 'Row 1',
      scope: 'outputs',
      elements: [output.id],
    })
    const section = await created(session, '/api/sections', {
      name: 'Orchard',
      type: 1,
      description: 'Apples',
      area: 1.5,
      flow: 3,
      id_water_source: source.id,
      groups: [group.id],
      soil_type: 2,
      plant: 17,
    })
    expect(section).toEqual({
      id: section.id,
      name: 'Orchard',
      type: 1,
      description: 'Apples',
      area: 1.5,
      flow: 3,
      id_water_source: source.id,
      groups: [group.id],
      soil_type: 2,
      plant: 17,
    })
    expect((await session.request('GET', '/api/sections')).body).toEqual([section])
    expect((await session.request('GET', `/api/sections/${section.id}/usage`)).body).toEqual({
      blocking: [],
      warnings: [],
    })
    const edited = await session.write('PUT', `/api/sections/${section.id}`, {
      name: 'Orchard east',
      area: 2,
      flow: 3,
    })
    expect(edited.body).toMatchObject({
      name: 'Orchard east',
      type: 0,
      id_water_source: null,
      groups: [],
      soil_type: null,
      plant: null,
    })
    expect((await session.write('DELETE', `/api/sections/${section.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/sections/${section.id}`)).status).toBe(404)
  })

  it('takes soil types 1 to 4 and plants 1 to 17 only, in English and Polish', async () => {
    const english = await account()
    const wrong = await english.session.write('POST', '/api/sections', {
      name: 'Field',
      area: 1,
      flow: -1,
      soil_type: 5,
      plant: 18,
    })
    expect(wrong.status).toBe(400)
    expect(issuesOf(wrong.body)).toEqual({
      flow: 'The value is too small.',
      soil_type: 'Choose a value from the list.',
      plant: 'Choose a value from the list.',
    })
    expect(await storedSections(english.user.id_client)).toEqual([])

    const polish = await account('pl')
    const refused = await polish.session.write('POST', '/api/sections', {
      name: 'Pole',
      area: 1,
      flow: 1,
      soil_type: 0,
    })
    expect(issuesOf(refused.body)).toEqual({ soil_type: 'Wybierz wartość z listy.' })
    const unnamed = await polish.session.write('POST', '/api/sections', { area: 1, flow: 1 })
    expect(issuesOf(unnamed.body)).toEqual({ name: 'Pole wymagane' })
    expect(await storedSections(polish.user.id_client)).toEqual([])
  })

  it('takes groups of outputs of the account and its water sources only', async () => {
    const { session, user } = await account()
    const stranger = await account()
    const modules = await created(session, '/api/groups', { name: 'Modules', scope: 'objects' })
    const theirs = await created(stranger.session, '/api/groups', { name: 'Theirs', scope: 'outputs' })
    const output = await moduleOutput(stranger.session, stranger.valves.id, 'o1')
    const theirSource = await created(stranger.session, '/api/water_sources', {
      name: 'Their well',
      efficiency: 1,
      clean_outputs: [output.id],
    })
    const ofModules = await session.write('POST', '/api/sections', {
      name: 'A',
      area: 1,
      flow: 1,
      groups: [modules.id],
    })
    expect(issuesOf(ofModules.body)).toEqual({ groups: 'Choose a value from the list.' })
    const foreignGroup = await session.write('POST', '/api/sections', {
      name: 'A',
      area: 1,
      flow: 1,
      groups: [theirs.id],
    })
    expect(foreignGroup.body.error).toBe('element_not_found')
    const foreignSource = await session.write('POST', '/api/sections', {
      name: 'A',
      area: 1,
      flow: 1,
      id_water_source: theirSource.id,
    })
    expect(foreignSource.body.error).toBe('element_not_found')
    expect(await storedSections(user.id_client)).toEqual([])
  })
})
