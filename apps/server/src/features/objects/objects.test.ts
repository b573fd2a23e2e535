import type { ObjectConfigState, ObjectDetail } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groups, regions } from '../../db/schema'
import { loggedIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  connectModule,
  nextEvents,
  type SeededAccount,
  startWithAccounts,
  type TestServer,
  until,
} from '../../test/test-server'
import { createFleetDal } from '../fleet/fleet-dal'
import { createFleetService } from '../fleet/fleet-service'

let server: TestServer
let farm: SeededAccount
let neighbour: SeededAccount
let session: Awaited<ReturnType<typeof loggedIn>>
let polish: Awaited<ReturnType<typeof loggedIn>>
let tag: string
let free = 0

/** A manufactured module no account has yet. */
async function freeModule(model: string) {
  free++
  const module = { serial: `O${tag}F${free}`, pin: `${4000 + free}`, model }
  const row = await createFleetService(createFleetDal(server.database.db)).addModule(module)
  return { ...module, id: row.id }
}

const [valvo, enviro, probe, universal] = [0, 1, 2, 3]
const farmModule = (index: number) => farm.modules[index]!

async function objectOf(id: number) {
  const answer = await session.request('GET', `/api/objects/${id}`)
  expect(answer.status).toBe(200)
  return answer.body as unknown as ObjectDetail
}

async function outputsOf(objectId: number) {
  return (
    await server.database.pool.query(
      'select field_name, kind, type, name, id_client from outputs where id_object = $1 order by field_name',
      [objectId],
    )
  ).rows
}

beforeAll(async () => {
  tag = `${process.pid}${Math.random().toString(36).slice(2, 6)}`
  ;({ server, farm, neighbour } = await startWithAccounts(
    ['AM-411', 'AM-200', 'AM-100-103', 'AM-600'],
    ['AM-200'],
  ))
  session = await loggedIn(server.url, farm.email, farm.password)
  polish = await loggedIn(server.url, farm.email, farm.password, 'pl')
})
afterAll(() => server?.stop())

describe('adding a module: the check', () => {
  it('names the model of a free module', async () => {
    const module = await freeModule('AM-411')
    const answer = await session.write('POST', '/api/objects/check', {
      serial: module.serial,
      pin: module.pin,
    })
    expect(answer).toEqual({ status: 200, body: { serial: module.serial, model: 'AM-411' } })
  })

  it('refuses a module already on this account, activated elsewhere, a wrong PIN and an unknown serial, in English and Polish', async () => {
    const mine = farmModule(valvo)
    const theirs = neighbour.modules[0]!
    const spare = await freeModule('AM-200')
    const cases = [
      {
        body: { serial: mine.serial, pin: mine.pin },
        status: 409,
        error: 'module_already_added',
        en: 'Module with serial numer provided is already added to the account.',
        pl: 'Moduł o podanym numerze seryjnym jest już dodany do konta.',
      },
      {
        body: { serial: theirs.serial, pin: theirs.pin },
        status: 409,
        error: 'module_already_activated',
        en: 'Module with provided serial number is already activated.',
        pl: 'Moduł o podanym numerze seryjnym jest już aktywowany.',
      },
      {
        body: { serial: spare.serial, pin: '0000' },
        status: 404,
        error: 'check_serial_pin',
        en: 'Check the serial number and PIN code.',
        pl: 'Sprawdź numer seryjny i kod PIN.',
      },
      {
        body: { serial: `O${tag}NOPE`, pin: '1234' },
        status: 404,
        error: 'check_serial_pin',
        en: 'Check the serial number and PIN code.',
        pl: 'Sprawdź numer seryjny i kod PIN.',
      },
    ]
    for (const refusal of cases) {
      const english = await session.write('POST', '/api/objects/check', refusal.body)
      expect(english).toEqual({ status: refusal.status, body: { error: refusal.error, message: refusal.en } })
      const inPolish = await polish.write('POST', '/api/objects/check', refusal.body)
      expect(inPolish.body.message).toBe(refusal.pl)
      // Adding it is refused the same way and changes nothing.
      const added = await session.write('POST', '/api/objects', { ...refusal.body, name: 'Taken' })
      expect(added.body.error).toBe(refusal.error)
    }
    expect((await objectOf(mine.id)).name).toBe(mine.serial)
    const spareOwner = await server.database.pool.query('select id_client from objects where id = $1', [
      spare.id,
    ])
    expect(spareOwner.rows[0].id_client).toBeNull()
  })
})

describe('adding a module', () => {
  it('activates it with its settings and creates its outputs; it shows in the list and on the start screen', async () => {
    const module = await freeModule('AM-411')
    const answer = await session.write('POST', '/api/objects', {
      serial: module.serial,
      pin: module.pin,
      name: 'Valves north',
      marker: 2,
      location: { lng: 21.01, lat: 52.23 },
    })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({
      id: module.id,
      name: 'Valves north',
      serial: module.serial,
      last_device_model: 'AM-411',
      marker: 2,
      location: { lng: 21.01, lat: 52.23 },
      groups: [],
      regions: [],
      config_pending: null,
    })

    const list = await session.request('GET', '/api/objects')
    expect((list.body as unknown as ObjectDetail[]).map((o) => o.serial)).toContain(module.serial)
    const me = await session.request('GET', '/api/me')
    expect((me.body.objects as { serial: string }[]).map((o) => o.serial)).toContain(module.serial)
    const components = (me.body.components as { id_object: number; field_name: string }[]).filter(
      (c) => c.id_object === module.id,
    )
    expect(components.map((c) => c.field_name)).toEqual(['o1', 'o2', 'o3', 'o4'])
    expect(components[0]).toMatchObject({
      kind: 'output',
      type: 'irr',
      name: 'Valves north o1',
      properties: {},
    })

    const again = await session.write('POST', '/api/objects', {
      serial: module.serial,
      pin: module.pin,
      name: 'x',
    })
    expect(again.body.error).toBe('module_already_added')
    expect(await outputsOf(module.id)).toHaveLength(4)
  })

  it('sends the properties chosen in the wizard to the module', async () => {
    const module = await freeModule('AM-100-103')
    const answer = await session.write('POST', '/api/objects', {
      serial: module.serial,
      pin: module.pin,
      name: 'Orchard probe',
      properties: { soil_type: 2 },
    })
    expect(answer.status).toBe(201)
    const pending = (answer.body as unknown as ObjectDetail).config_pending!
    expect(answer.body.properties).toEqual({ soil_type: 2, gps_loc: 1 })
    const device = await connectModule(server, module.serial, module.pin)
    const received = new Promise<unknown>((resolve) =>
      device.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    )
    await device.subscribeAsync(`kropla/v1/${module.serial}/down/config`, { qos: 1 })
    expect(await received).toEqual({
      id: pending.id,
      config: { properties: { soil_type: 2, gps_loc: 1 }, inputs: {}, alarms: {} },
    })
    await device.endAsync()
  })

  it('gives a module activated by the operator for an account its outputs too', async () => {
    const outputs = await outputsOf(farmModule(valvo).id)
    expect(outputs.map((o) => o.field_name)).toEqual(['o1', 'o2', 'o3', 'o4'])
    expect(outputs.every((o) => o.id_client === farm.user.id_client)).toBe(true)
  })

  it('refuses properties out of the model bounds and adds nothing', async () => {
    const module = await freeModule('AM-200')
    const answer = await session.write('POST', '/api/objects', {
      serial: module.serial,
      pin: module.pin,
      name: 'Air',
      properties: { freeze_temp_hr100: 101 },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.issues).toEqual([
      { path: 'properties.freeze_temp_hr100', message: 'The value is too big.' },
    ])
    const owner = await server.database.pool.query('select id_client from objects where id = $1', [module.id])
    expect(owner.rows[0].id_client).toBeNull()
  })
})

describe('reading an NFC tag', () => {
  it('gives serial, model and PIN of a free module', async () => {
    const module = await freeModule('AM-100-103')
    const answer = await session.write('POST', '/api/objects/nfc', {
      code: `KROPLA:${module.serial}:${module.pin}`,
    })
    expect(answer).toEqual({
      status: 200,
      body: { serial: module.serial, model: 'AM-100-103', pin: module.pin },
    })
  })

  it('refuses a code it does not recognise and a module already in use', async () => {
    const module = await freeModule('AM-100-103')
    for (const code of [
      'hello',
      `KROPLA:${module.serial}`,
      `KROPLA:${module.serial}:9999`,
      `KROPLA:O${tag}X:1234`,
    ]) {
      const answer = await polish.write('POST', '/api/objects/nfc', { code })
      expect(answer.body).toEqual({ error: 'nfc_unrecognized', message: 'Nie rozpoznano kodu NFC.' })
    }
    const used = neighbour.modules[0]!
    const inUse = await session.write('POST', '/api/objects/nfc', {
      code: `KROPLA:${used.serial}:${used.pin}`,
    })
    expect(inUse).toEqual({
      status: 409,
      body: { error: 'nfc_in_use', message: 'This device is already in use.' },
    })
  })
})

describe('module settings', () => {
  const settings = (overrides: Record<string, unknown> = {}) => ({
    name: 'Greenhouse air',
    marker: 1,
    location: null,
    properties: { freeze_temp_hr100: 2, freeze_temp_hr0: -1 },
    config: {
      inputs: { TEMP_1: { custom_label: 'Greenhouse', custom_units: '°C' } },
      alarms: { TEMP_1_lt: { active: true, value: 2 } },
    },
    ...overrides,
  })

  it('refuses settings out of bounds or for fields the model lacks, and changes nothing', async () => {
    const air = farmModule(enviro).id
    const before = await objectOf(air)
    const refused: [number, Record<string, unknown>, string, string][] = [
      [
        air,
        settings({ properties: { freeze_temp_hr100: 101 } }),
        'properties.freeze_temp_hr100',
        'The value is too big.',
      ],
      [
        farmModule(probe).id,
        settings({ properties: { soil_type: 9 }, config: {} }),
        'properties.soil_type',
        'Choose a value from the list.',
      ],
      [
        air,
        settings({ config: { inputs: { TEMP_1: { custom_label: 'x'.repeat(33) } } } }),
        'config.inputs.TEMP_1.custom_label',
        'This is too long.',
      ],
      [
        air,
        settings({ config: { inputs: { TEMP_1: { custom_units: 'x'.repeat(17) } } } }),
        'config.inputs.TEMP_1.custom_units',
        'This is too long.',
      ],
      [
        air,
        settings({ config: { alarms: { HUMIDITY_1_gt: { active: true, value: 80 } } } }),
        'config.alarms.HUMIDITY_1_gt',
        'This module has no such input.',
      ],
      [
        air,
        settings({ config: { alarms: { TEMP_1_gt: { active: true, value: 80 } } } }),
        'config.alarms.TEMP_1_gt.value',
        'The threshold is outside the range of the reading it watches.',
      ],
      [
        air,
        settings({ config: { inputs: { ECW_1: { custom_label: 'Salt' } } } }),
        'config.inputs.ECW_1',
        'This module has no such input.',
      ],
    ]
    for (const [id, body, path, message] of refused) {
      const answer = await session.write('PUT', `/api/objects/${id}`, body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(400)
      expect(answer.body.error).toBe('validation_failed')
      expect(answer.body.issues).toContainEqual({ path, message })
    }
    const polishAnswer = await polish.write(
      'PUT',
      `/api/objects/${air}`,
      settings({ properties: { freeze_temp_hr100: 101 } }),
    )
    expect(polishAnswer.body.issues).toEqual([
      { path: 'properties.freeze_temp_hr100', message: 'Wartość jest za duża.' },
    ])
    expect(await objectOf(air)).toEqual(before)
  })

  it('stores valid settings and sends them to the module until it acknowledges them', async () => {
    const air = farmModule(enviro)
    const module = await connectModule(server, air.serial, air.pin)
    const configs: { id: string; config: unknown }[] = []
    module.on('message', (topic, payload) => {
      if (topic === `kropla/v1/${air.serial}/down/config`) configs.push(JSON.parse(payload.toString()))
    })
    await module.subscribeAsync(`kropla/v1/${air.serial}/down/#`, { qos: 1 })
    const browser = await connectBrowserSocket(server.url, session.cookieHeader())

    const saved = await session.write('PUT', `/api/objects/${air.id}`, settings())
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const detail = saved.body as unknown as ObjectDetail
    expect(detail).toMatchObject({
      name: 'Greenhouse air',
      marker: 1,
      properties: { freeze_temp_hr100: 2, freeze_temp_hr0: -1 },
      config: settings().config,
    })
    const pending = detail.config_pending!
    expect(pending.id).toEqual(expect.any(String))

    await until(async () => configs.length > 0)
    expect(configs[0]).toEqual({
      id: pending.id,
      config: {
        properties: { freeze_temp_hr100: 2, freeze_temp_hr0: -1 },
        inputs: settings().config.inputs,
        alarms: settings().config.alarms,
      },
    })
    expect((await objectOf(air.id)).config_pending).toEqual(pending)

    // Another module's acknowledgement of an id, or a mere "received", settles nothing.
    await module.publishAsync(
      `kropla/v1/${air.serial}/up/ack`,
      JSON.stringify({ id: pending.id, result: 'received' }),
      { qos: 1 },
    )
    await module.publishAsync(
      `kropla/v1/${air.serial}/up/ack`,
      JSON.stringify({ id: 'other', result: 'done' }),
      { qos: 1 },
    )
    expect((await objectOf(air.id)).config_pending).toEqual(pending)

    const cleared = nextEvents<ObjectConfigState>(browser, 'objects_config')
    await module.publishAsync(
      `kropla/v1/${air.serial}/up/ack`,
      JSON.stringify({ id: pending.id, result: 'done' }),
      { qos: 1 },
    )
    expect(await cleared).toEqual([{ id_object: air.id, config_pending: null, settled_id: pending.id }])
    expect((await objectOf(air.id)).config_pending).toBeNull()

    // A new name alone is not a reconfiguration.
    const renamed = await session.write('PUT', `/api/objects/${air.id}`, settings({ name: 'Tunnel air' }))
    expect(renamed.body).toMatchObject({ name: 'Tunnel air', config_pending: null })

    await module.endAsync()
    browser.close()
  })

  it('tells the browser a configuration is pending, and counts a rejected one', async () => {
    const air = farmModule(enviro)
    const browser = await connectBrowserSocket(server.url, session.cookieHeader())
    const announced = nextEvents<ObjectConfigState>(browser, 'objects_config')
    const saved = await session.write(
      'PUT',
      `/api/objects/${air.id}`,
      settings({ config: { inputs: {}, alarms: { humidity_gt: { active: true, value: 90 } } } }),
    )
    const pending = (saved.body as unknown as ObjectDetail).config_pending!
    expect(await announced).toEqual([{ id_object: air.id, config_pending: pending }])

    // The retained configuration reaches a module that connects afterwards.
    const module = await connectModule(server, air.serial, air.pin)
    const received = new Promise<{ id: string }>((resolve) =>
      module.on('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    )
    await module.subscribeAsync(`kropla/v1/${air.serial}/down/config`, { qos: 1 })
    expect((await received).id).toBe(pending.id)

    const cleared = nextEvents<ObjectConfigState>(browser, 'objects_config')
    await module.publishAsync(
      `kropla/v1/${air.serial}/up/ack`,
      JSON.stringify({ id: pending.id, result: 'rejected', error: 'threshold unsupported' }),
      { qos: 1 },
    )
    expect(await cleared).toEqual([{ id_object: air.id, config_pending: null, settled_id: pending.id }])
    const rejection = await until(async () => {
      const rows = await server.database.pool.query(
        `select last_detail from ingest_rejections where serial = $1 and reason = 'config_rejected'`,
        [air.serial],
      )
      return rows.rows[0]
    })
    expect(rejection.last_detail).toBe('threshold unsupported')
    await module.endAsync()
    browser.close()
  })

  it('hands the pending configuration to a module that reports over HTTP, and takes its acknowledgement there', async () => {
    const soil = farmModule(probe)
    const saved = await session.write('PUT', `/api/objects/${soil.id}`, {
      name: 'Field probe',
      properties: { soil_type: 3, gps_loc: 1 },
      config: { alarms: { HUMIDITY_1_lt: { active: true, value: 18 } } },
    })
    const pending = (saved.body as unknown as ObjectDetail).config_pending!
    const upload = (body: unknown) =>
      fetch(`${server.url}/ingest/v1/${soil.serial}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${soil.serial}:${soil.pin}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      })
    const first = await upload({ values: { TEMP_1: 12.5 } })
    expect(first.status).toBe(202)
    expect(await first.json()).toEqual({
      accepted: 1,
      rejected: [],
      commands: [
        {
          id: pending.id,
          type: 'config',
          config: {
            properties: { soil_type: 3, gps_loc: 1 },
            inputs: {},
            alarms: { HUMIDITY_1_lt: { active: true, value: 18 } },
          },
        },
      ],
    })
    const acknowledged = await upload({ acks: [{ id: pending.id, result: 'done' }] })
    expect(acknowledged.status).toBe(202)
    expect(await acknowledged.json()).toEqual({ accepted: 0, rejected: [], commands: [] })
    expect((await objectOf(soil.id)).config_pending).toBeNull()
  })
})

describe('groups and regions of a module', () => {
  async function addGroup(idClient: number, scope: 'objects' | 'outputs') {
    const [row] = await server.database.db
      .insert(groups)
      .values({ id_client: idClient, name: `Group ${scope}`, scope })
      .returning()
    return row!.id
  }
  async function addRegion(idClient: number) {
    const [row] = await server.database.db
      .insert(regions)
      .values({ id_client: idClient, name: 'South field', points: [] })
      .returning()
    return row!.id
  }

  it('puts a groupable module in groups of modules and regions of the account', async () => {
    const air = farmModule(enviro).id
    const group = await addGroup(farm.user.id_client, 'objects')
    const region = await addRegion(farm.user.id_client)
    const grouped = await session.write('PUT', `/api/objects/${air}/groups`, { ids: [group] })
    expect(grouped.body).toMatchObject({ id: air, groups: [group] })
    const placed = await session.write('PUT', `/api/objects/${air}/regions`, { ids: [region] })
    expect(placed.body).toMatchObject({ id: air, groups: [group], regions: [region] })
    expect((await session.write('PUT', `/api/objects/${air}/groups`, { ids: [] })).body).toMatchObject({
      groups: [],
    })
  })

  it('refuses groups for a module that cannot be grouped, and groups or regions it does not have', async () => {
    const group = await addGroup(farm.user.id_client, 'objects')
    const outputGroup = await addGroup(farm.user.id_client, 'outputs')
    const theirRegion = await addRegion(neighbour.user.id_client)
    const valves = await session.write('PUT', `/api/objects/${farmModule(valvo).id}/groups`, { ids: [group] })
    expect(valves).toEqual({
      status: 400,
      body: { error: 'not_groupable', message: 'This module cannot be put in groups.' },
    })
    const air = farmModule(enviro).id
    const before = await objectOf(air)
    const wrongScope = await session.write('PUT', `/api/objects/${air}/groups`, { ids: [outputGroup] })
    expect(wrongScope.body.error).toBe('element_not_found')
    const foreign = await session.write('PUT', `/api/objects/${air}/regions`, { ids: [theirRegion] })
    expect(foreign.body.error).toBe('element_not_found')
    expect(await objectOf(air)).toEqual(before)
    // Valves may still be placed on the map.
    const region = await addRegion(farm.user.id_client)
    const placed = await session.write('PUT', `/api/objects/${farmModule(valvo).id}/regions`, {
      ids: [region],
    })
    expect(placed.body).toMatchObject({ regions: [region] })
  })
})

describe('the universal module (AM-600)', () => {
  it('has its two outputs, of a type it may switch', async () => {
    const outputs = await outputsOf(farmModule(universal).id)
    expect(outputs.map((o) => [o.field_name, o.kind, o.type])).toEqual([
      ['o1', 'output', 'pump'],
      ['o2', 'output', 'pump'],
    ])
  })

  it('configures its user inputs from their lists and refuses that on other inputs and models', async () => {
    const id = farmModule(universal).id
    const before = await objectOf(id)
    const refused: [number, Record<string, unknown>, string, string][] = [
      [
        id,
        { DI_USR_1: { input_type: 5 } },
        'config.inputs.DI_USR_1.input_type',
        'Choose a value from the list.',
      ],
      [
        id,
        { ANALOG_USR_1: { input_type: 4 } },
        'config.inputs.ANALOG_USR_1.input_type',
        'Choose a value from the list.',
      ],
      [id, { cnt3: { input_type: 1 } }, 'config.inputs.cnt3', 'This module has no such input.'],
      [
        farmModule(enviro).id,
        { TEMP_1: { multiplier: 2 } },
        'config.inputs.TEMP_1',
        'This module has no such input.',
      ],
    ]
    for (const [objectId, inputs, path, message] of refused) {
      const answer = await session.write('PUT', `/api/objects/${objectId}`, {
        name: 'Universal',
        config: { inputs },
      })
      expect(answer.status).toBe(400)
      expect(answer.body.issues).toContainEqual({ path, message })
    }
    expect(await objectOf(id)).toEqual(before)

    const inputs = {
      DI_USR_3: { input_type: 2, custom_label: 'Water meter', custom_units: 'm³', multiplier: 0.01 },
      ANALOG_USR_1: { input_type: 1, value_low: 0, value_high: 10 },
    }
    const saved = await session.write('PUT', `/api/objects/${id}`, { name: 'Pump house', config: { inputs } })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ name: 'Pump house', config: { inputs, alarms: {} } })
    expect((saved.body as unknown as ObjectDetail).config_pending).not.toBeNull()
  })

  it('can be put in groups of modules', async () => {
    const [row] = await server.database.db
      .insert(groups)
      .values({ id_client: farm.user.id_client, name: 'Pump houses', scope: 'objects' })
      .returning()
    const answer = await session.write('PUT', `/api/objects/${farmModule(universal).id}/groups`, {
      ids: [row!.id],
    })
    expect(answer.body).toMatchObject({ groups: [row!.id] })
  })
})
