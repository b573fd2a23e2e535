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
  const seeded = await seedAccount(server, ['AM-100-103', 'AM-200', 'AM-411'])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  const [probe, air, valves] = seeded.modules
  return { ...seeded, session, probe: probe!, air: air!, valves: valves! }
}

const storedGroups = async (idClient: number) =>
  (
    await server.database.pool.query('select name, scope from groups where id_client = $1 order by id', [
      idClient,
    ])
  ).rows

describe('groups', () => {
  it('groups modules, counts the elements, edits and removes the group', async () => {
    const { session, probe, air } = await account()
    const group = await created(session, '/api/groups', {
      name: 'Greenhouse 1',
      description: 'Tomatoes',
      scope: 'objects',
      elements: [probe.id, air.id, probe.id],
    })
    expect(group).toEqual({
      id: group.id,
      name: 'Greenhouse 1',
      description: 'Tomatoes',
      scope: 'objects',
      elements: [probe.id, air.id].sort((a, b) => a - b),
      element_count: 2,
    })
    expect((await session.request('GET', '/api/groups')).body).toEqual([group])
    const edited = await session.write('PUT', `/api/groups/${group.id}`, {
      name: 'Greenhouse 2',
      scope: 'objects',
      elements: [air.id],
    })
    expect(edited.body).toMatchObject({ name: 'Greenhouse 2', elements: [air.id], element_count: 1 })
    expect((await session.write('DELETE', `/api/groups/${group.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/groups/${group.id}`)).status).toBe(404)
  })

  it('refuses a module that cannot be grouped, in English and Polish, and stores nothing', async () => {
    const english = await account()
    const refused = await english.session.write('POST', '/api/groups', {
      name: 'Valves',
      scope: 'objects',
      elements: [english.probe.id, english.valves.id],
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ error: 'not_groupable', message: 'This module cannot be put in groups.' })
    const unnamed = await english.session.write('POST', '/api/groups', { name: '', scope: 'objects' })
    expect(issuesOf(unnamed.body)).toEqual({ name: 'Field required' })
    expect(await storedGroups(english.user.id_client)).toEqual([])

    const polish = await account('pl')
    const group = await created(polish.session, '/api/groups', { name: 'Sondy', scope: 'objects' })
    const edit = await polish.session.write('PUT', `/api/groups/${group.id}`, {
      name: 'Zawory',
      scope: 'objects',
      elements: [polish.valves.id],
    })
    expect(edit.body).toEqual({ error: 'not_groupable', message: 'Tego modułu nie można dodać do grup.' })
    expect((await polish.session.request('GET', `/api/groups/${group.id}`)).body).toMatchObject({
      name: 'Sondy',
      element_count: 0,
    })
  })

  it('groups outputs, and a new scope replaces the elements', async () => {
    const { session, valves, probe } = await account()
    const outputs = await Promise.all(['o1', 'o2'].map((field) => moduleOutput(session, valves.id, field)))
    const group = await created(session, '/api/groups', {
      name: 'Drip lines',
      scope: 'outputs',
      elements: outputs.map((output) => output.id),
    })
    expect(group).toMatchObject({ scope: 'outputs', element_count: 2 })
    const modules = await session.write('PUT', `/api/groups/${group.id}`, {
      name: 'Probes',
      scope: 'objects',
      elements: [probe.id],
    })
    expect(modules.body).toMatchObject({ scope: 'objects', elements: [probe.id], element_count: 1 })
    expect((await session.request('GET', `/api/outputs/${outputs[0]!.id}`)).body).toMatchObject({
      groups: [],
    })
  })

  it('refuses elements of another account', async () => {
    const { session, user } = await account()
    const stranger = await account()
    const output = await moduleOutput(stranger.session, stranger.valves.id, 'o1')
    for (const body of [
      { name: 'Theirs', scope: 'objects', elements: [stranger.probe.id] },
      { name: 'Theirs', scope: 'outputs', elements: [output.id] },
    ]) {
      const answer = await session.write('POST', '/api/groups', body)
      expect(answer.body).toEqual({
        error: 'element_not_found',
        message: 'One of the chosen elements no longer exists.',
      })
    }
    expect(await storedGroups(user.id_client)).toEqual([])
  })

  it('warns about the sections holding a group, which lose it when it is removed', async () => {
    const { session } = await account()
    const group = await created(session, '/api/groups', { name: 'Row 1', scope: 'outputs' })
    const section = await created(session, '/api/sections', {
      name: 'Vineyard',
      area: 1,
      flow: 1,
      groups: [group.id],
    })
    expect((await session.request('GET', `/api/groups/${group.id}/usage`)).body).toEqual({
      blocking: [],
      warnings: [{ kind: 'section', id: section.id, name: 'Vineyard' }],
    })
    const toModules = await session.write('PUT', `/api/groups/${group.id}`, {
      name: 'Row 1',
      scope: 'objects',
    })
    expect(toModules.status).toBe(409)
    expect(toModules.body).toEqual({
      error: 'resource_in_use',
      message: 'It is still in use: Vineyard. Remove it from there first.',
    })
    expect((await session.write('DELETE', `/api/groups/${group.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/sections/${section.id}`)).body).toMatchObject({ groups: [] })
  })
})
