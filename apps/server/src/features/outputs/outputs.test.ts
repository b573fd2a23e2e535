import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { addOutput, created, issuesOf, moduleOutput } from '../../test/resource-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function account(models = ['AM-411'], lang = 'en') {
  const seeded = await seedAccount(server, models)
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  return { ...seeded, session, module: seeded.modules[0]! }
}

const storedOutputs = async (idObject: number) =>
  (
    await server.database.pool.query(
      'select field_name, name, kind, type, properties from outputs where id_object = $1 order by id',
      [idObject],
    )
  ).rows

const valve = (idObject: number, field: string, changes: Record<string, unknown> = {}) => ({
  name: `Valve ${field}`,
  kind: 'output',
  type: 'irr',
  id_object: idObject,
  field_name: field,
  ...changes,
})

describe('outputs and equipment', () => {
  it('adds input equipment to a universal module, shows it, edits it and removes it', async () => {
    const { session, module } = await account(['AM-600'])
    const meter = await addOutput(session, module.id, 'DI_USR_3', {
      name: 'Water meter',
      kind: 'counter_input',
      type: 'flowmeter',
      properties: { flow_units: 1, multiplier: 10 },
    })
    expect(meter).toMatchObject({
      name: 'Water meter',
      description: '',
      kind: 'counter_input',
      type: 'flowmeter',
      id_object: module.id,
      field_name: 'DI_USR_3',
      properties: { flow_units: 1, multiplier: 10, counter_type: 0 },
      id_water_source: null,
      groups: [],
      regions: [],
    })
    expect((await session.request('GET', '/api/outputs')).body).toContainEqual(meter)
    expect((await session.request('GET', `/api/outputs/${meter.id}`)).body).toEqual(meter)

    const edited = await session.write('PUT', `/api/outputs/${meter.id}`, {
      ...valve(module.id, 'DI_USR_3'),
      name: 'Rain gauge',
      description: 'On the shed roof',
      kind: 'counter_input',
      type: 'udometer',
      properties: { udo_units: 1 },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({
      name: 'Rain gauge',
      description: 'On the shed roof',
      type: 'udometer',
      properties: { udo_units: 1, multiplier: 1, counter_type: 0 },
    })

    expect((await session.write('DELETE', `/api/outputs/${meter.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/outputs/${meter.id}`)).status).toBe(404)
    expect((await storedOutputs(module.id)).map((row) => row.field_name)).not.toContain('DI_USR_3')
  })

  it('edits the type and properties of a module output', async () => {
    const { session, module } = await account()
    const output = await moduleOutput(session, module.id, 'o1')
    const pump = await session.write(
      'PUT',
      `/api/outputs/${output.id}`,
      valve(module.id, 'o1', { name: 'Main pump', type: 'pump', properties: { flow: 12 } }),
    )
    expect(pump.body).toMatchObject({ name: 'Main pump', type: 'pump', properties: { flow: 12 } })
    expect((await session.request('GET', `/api/outputs/${output.id}`)).body).toEqual(pump.body)
  })

  it('refuses equipment the module does not take, in the user’s language, and stores nothing', async () => {
    const english = await account()
    const before = await storedOutputs(english.module.id)
    const input = await english.session.write(
      'POST',
      '/api/outputs',
      valve(english.module.id, 'o1', { name: 'Rain sensor', kind: 'binary_input', type: 'generic_bi' }),
    )
    expect(input.status).toBe(400)
    expect(input.body.error).toBe('validation_failed')
    expect(issuesOf(input.body)).toEqual({ kind: 'This terminal does not take this kind of equipment.' })
    const terminal = await english.session.write('POST', '/api/outputs', valve(english.module.id, 'o9'))
    expect(issuesOf(terminal.body)).toEqual({ field_name: 'The module has no such terminal.' })
    const flow = await english.session.write(
      'POST',
      '/api/outputs',
      valve(english.module.id, 'o1', { properties: { flow: -1 } }),
    )
    expect(issuesOf(flow.body)).toEqual({ 'properties.flow': 'The value is too small.' })
    const unnamed = await english.session.write(
      'POST',
      '/api/outputs',
      valve(english.module.id, 'o1', { name: ' ' }),
    )
    expect(issuesOf(unnamed.body)).toEqual({ name: 'Field required' })
    expect(await storedOutputs(english.module.id)).toEqual(before)

    const polish = await account(['AM-411'], 'pl')
    const output = await moduleOutput(polish.session, polish.module.id, 'o2')
    const stored = await storedOutputs(polish.module.id)
    const refused = await polish.session.write(
      'POST',
      '/api/outputs',
      valve(polish.module.id, 'o1', { name: 'Czujnik deszczu', kind: 'binary_input', type: 'generic_bi' }),
    )
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      message: 'Podane informacje są niepoprawne.',
    })
    expect(issuesOf(refused.body)).toEqual({ kind: 'Ten zacisk nie przyjmuje tego rodzaju urządzenia.' })
    const pumpArea = await polish.session.write(
      'PUT',
      `/api/outputs/${output.id}`,
      valve(polish.module.id, 'o2', { type: 'pump', properties: { flow: 1, area: -2 } }),
    )
    expect(pumpArea.status).toBe(400)
    const flowTooSmall = await polish.session.write(
      'PUT',
      `/api/outputs/${output.id}`,
      valve(polish.module.id, 'o2', { properties: { flow: -1 } }),
    )
    expect(issuesOf(flowTooSmall.body)).toEqual({ 'properties.flow': 'Wartość jest za mała.' })
    expect(await storedOutputs(polish.module.id)).toEqual(stored)
  })

  it('allows only irrigation valves on an AM-421', async () => {
    const { session, module } = await account(['AM-421'])
    const output = await moduleOutput(session, module.id, 'o1')
    const pump = await session.write(
      'PUT',
      `/api/outputs/${output.id}`,
      valve(module.id, 'o1', { type: 'pump' }),
    )
    expect(issuesOf(pump.body)).toEqual({ type: 'This module does not allow this type.' })
    const irrigation = await session.write('PUT', `/api/outputs/${output.id}`, valve(module.id, 'o1'))
    expect(irrigation.body).toMatchObject({ type: 'irr' })
  })

  it('takes one piece of equipment per terminal', async () => {
    const { session, module } = await account(['AM-600'], 'pl')
    const sensor = { kind: 'binary_input', type: 'generic_bi' }
    const first = await addOutput(session, module.id, 'DI_USR_1', { ...sensor, name: 'Drzwi' })
    const second = await session.write('POST', '/api/outputs', valve(module.id, 'DI_USR_1', sensor))
    expect(second.status).toBe(409)
    expect(second.body).toEqual({
      error: 'interface_taken',
      message: 'Do tego zacisku jest już coś podłączone.',
    })
    const other = await addOutput(session, module.id, 'DI_USR_2', { ...sensor, name: 'Brama' })
    const moved = await session.write(
      'PUT',
      `/api/outputs/${other.id}`,
      valve(module.id, 'DI_USR_1', { ...sensor, name: 'Brama' }),
    )
    expect(moved.body.error).toBe('interface_taken')
    const inputs = (await storedOutputs(module.id)).filter((row) => row.kind === 'binary_input')
    expect(inputs.map((row) => [row.field_name, row.name])).toEqual([
      ['DI_USR_1', first.name],
      ['DI_USR_2', other.name],
    ])
  })

  it('refuses to remove an output a water source uses until it is taken out of it', async () => {
    const { session, module } = await account()
    const first = await moduleOutput(session, module.id, 'o1')
    const second = await moduleOutput(session, module.id, 'o2')
    const well = await created(session, '/api/water_sources', {
      name: 'Deep well',
      efficiency: 10,
      clean_outputs: [first.id],
    })
    expect((await session.request('GET', `/api/outputs/${first.id}/usage`)).body).toEqual({
      blocking: [{ kind: 'water_source', id: well.id, name: 'Deep well' }],
      warnings: [],
    })
    const refused = await session.write('DELETE', `/api/outputs/${first.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      error: 'resource_in_use',
      message: 'It is still in use: Deep well. Remove it from there first.',
    })
    expect((await session.request('GET', `/api/outputs/${first.id}`)).status).toBe(200)

    const changed = await session.write('PUT', `/api/water_sources/${well.id}`, {
      name: 'Deep well',
      efficiency: 10,
      clean_outputs: [second.id],
    })
    expect(changed.status).toBe(200)
    expect((await session.write('DELETE', `/api/outputs/${first.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/outputs/${first.id}`)).status).toBe(404)
  })

  it('warns about groups and regions, and removal takes the output out of them', async () => {
    const { session, module } = await account()
    const output = await moduleOutput(session, module.id, 'o1')
    const group = await created(session, '/api/groups', {
      name: 'Orchard',
      scope: 'outputs',
      elements: [output.id],
    })
    const region = await created(session, '/api/regions', {
      name: 'North field',
      points: [
        { lng: 19, lat: 50 },
        { lng: 19.1, lat: 50 },
        { lng: 19.1, lat: 50.1 },
      ],
    })
    const placed = await session.write(
      'PUT',
      `/api/outputs/${output.id}`,
      valve(module.id, 'o1', { name: output.name, groups: [group.id], regions: [region.id] }),
    )
    expect(placed.body).toMatchObject({ groups: [group.id], regions: [region.id] })
    expect((await session.request('GET', `/api/outputs/${output.id}/usage`)).body).toEqual({
      blocking: [],
      warnings: [
        { kind: 'group', id: group.id, name: 'Orchard' },
        { kind: 'region', id: region.id, name: 'North field' },
      ],
    })
    expect((await session.write('DELETE', `/api/outputs/${output.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/groups/${group.id}`)).body).toMatchObject({
      elements: [],
      element_count: 0,
    })
  })

  it('refuses a module or group that is not the account’s, and writes nothing', async () => {
    const { session, module } = await account(['AM-600'])
    const stranger = await account(['AM-600'])
    const foreignGroup = await created(stranger.session, '/api/groups', { name: 'Theirs', scope: 'outputs' })
    const mine = await storedOutputs(module.id)
    const theirs = await storedOutputs(stranger.module.id)
    const sensor = { kind: 'binary_input', type: 'generic_bi' }
    const foreignModule = await session.write(
      'POST',
      '/api/outputs',
      valve(stranger.module.id, 'DI_USR_1', sensor),
    )
    expect(foreignModule.status).toBe(400)
    expect(foreignModule.body).toEqual({
      error: 'element_not_found',
      message: 'One of the chosen elements no longer exists.',
    })
    const withGroup = await session.write(
      'POST',
      '/api/outputs',
      valve(module.id, 'DI_USR_1', { ...sensor, groups: [foreignGroup.id] }),
    )
    expect(withGroup.body.error).toBe('element_not_found')
    expect(await storedOutputs(module.id)).toEqual(mine)
    expect(await storedOutputs(stranger.module.id)).toEqual(theirs)
  })

  it('answers a failed write with “Failed to save the device.” and keeps what was there', async () => {
    const { session, module } = await account()
    const output = await moduleOutput(session, module.id, 'o1')
    const group = await created(session, '/api/groups', { name: 'Orchard', scope: 'outputs' })
    await server.database.pool.query('alter table region_outputs rename to region_outputs_away')
    try {
      const failed = await session.write(
        'PUT',
        `/api/outputs/${output.id}`,
        valve(module.id, 'o1', { name: 'Renamed', groups: [group.id] }),
      )
      expect(failed.status).toBe(500)
      expect(failed.body).toEqual({ error: 'device_save_failed', message: 'Failed to save the device.' })
    } finally {
      await server.database.pool.query('alter table region_outputs_away rename to region_outputs')
    }
    expect((await session.request('GET', `/api/outputs/${output.id}`)).body).toMatchObject({
      name: output.name,
      groups: [],
    })
  })
})
