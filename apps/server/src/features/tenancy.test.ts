import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moduleOutput } from '../test/resource-fixtures'
import {
  connectBrowserSocket,
  httpSession,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../test/test-server'
import { createFleetDal } from './fleet/fleet-dal'
import { createFleetService } from './fleet/fleet-service'

/**
 * One client account must never read or change another's data. Every route of the API is listed
 * here with how it is scoped; a new route fails the first test until it is classified and, when
 * it touches account data, probed below.
 */
/** 'operator': Adminus only (403 access_denied to everyone else), probed in the feature's own tests. */
const routes: Record<string, 'public' | 'own user' | 'own account' | 'device' | 'operator'> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /token': 'public',
  'POST /login': 'public',
  'GET /logout': 'own user',
  'GET /api/me': 'own account',
  'GET /api/sessions': 'own user',
  'DELETE /api/sessions/{id}': 'own user',
  'PUT /api/users/lang': 'own user',
  'GET /api/users': 'own account',
  'POST /api/users/invite': 'own account',
  'DELETE /api/users/me': 'own user',
  'PUT /api/users/{id}': 'own account',
  'DELETE /api/users/{id}': 'own account',
  'POST /api/register/device': 'public',
  'POST /api/register/account-name': 'public',
  'POST /api/register': 'public',
  'POST /api/pass_reset': 'public',
  'POST /api/pass_reset/confirm': 'public',
  'GET /api/invitations/{token}': 'public',
  'POST /api/invitations/accept': 'public',
  'GET /api/profile': 'own user',
  'PUT /api/profile': 'own user',
  'PUT /api/profile/preferences': 'own user',
  'GET /api/client': 'own account',
  'PUT /api/client': 'own account',
  'DELETE /api/client': 'own account',
  'POST /ingest/v1/{serial}': 'device',
  // The external broker's hooks (MQTT_HOOK_TOKEN): only the broker, by its bearer token (broker-hook.test.ts).
  'POST /broker/v1/authenticate': 'device',
  'POST /broker/v1/authorize': 'device',
  'GET /api/outputs': 'own account',
  'POST /api/outputs': 'own account',
  'GET /api/outputs/{id}': 'own account',
  'PUT /api/outputs/{id}': 'own account',
  'DELETE /api/outputs/{id}': 'own account',
  'GET /api/outputs/{id}/usage': 'own account',
  'GET /api/water_sources': 'own account',
  'POST /api/water_sources': 'own account',
  'GET /api/water_sources/{id}': 'own account',
  'PUT /api/water_sources/{id}': 'own account',
  'DELETE /api/water_sources/{id}': 'own account',
  'GET /api/water_sources/{id}/usage': 'own account',
  'GET /api/groups': 'own account',
  'POST /api/groups': 'own account',
  'GET /api/groups/{id}': 'own account',
  'PUT /api/groups/{id}': 'own account',
  'DELETE /api/groups/{id}': 'own account',
  'GET /api/groups/{id}/usage': 'own account',
  'GET /api/sections': 'own account',
  'POST /api/sections': 'own account',
  'GET /api/sections/{id}': 'own account',
  'PUT /api/sections/{id}': 'own account',
  'DELETE /api/sections/{id}': 'own account',
  'GET /api/sections/{id}/usage': 'own account',
  'GET /api/regions': 'own account',
  'POST /api/regions': 'own account',
  'GET /api/regions/{id}': 'own account',
  'PUT /api/regions/{id}': 'own account',
  'DELETE /api/regions/{id}': 'own account',
  'GET /api/geo_objects': 'own account',
  'POST /api/geo_objects': 'own account',
  'GET /api/geo_objects/{id}': 'own account',
  'PUT /api/geo_objects/{id}': 'own account',
  'DELETE /api/geo_objects/{id}': 'own account',
  'GET /api/dashboards': 'own account',
  'POST /api/dashboards': 'own account',
  'PUT /api/dashboards/order': 'own account',
  'GET /api/dashboards/{id}': 'own account',
  'PUT /api/dashboards/{id}': 'own account',
  'DELETE /api/dashboards/{id}': 'own account',
  'GET /api/reports/templates': 'own account',
  'POST /api/reports/templates': 'own account',
  'GET /api/reports/templates/{id}': 'own account',
  'PUT /api/reports/templates/{id}': 'own account',
  'DELETE /api/reports/templates/{id}': 'own account',
  // The test area; probed in features/test-area/test-runs.test.ts and test-walks.test.ts.
  'POST /api/test/runs/{id}/cancel': 'own account',
  'POST /api/test/outputs/{id}': 'own account',
  'POST /api/test/groups/{id}': 'own account',
  'POST /api/test/resources': 'own account',
  'GET /api/test/objects/{id}': 'own account',
  'GET /api/map/settings': 'own account',
  'GET /api/geocode': 'own user',
  'GET /api/about': 'own user',
  'POST /api/objects/check': 'own account',
  'POST /api/objects/nfc': 'own account',
  'POST /api/objects': 'own account',
  'GET /api/objects': 'own account',
  'GET /api/objects/{id}': 'own account',
  'PUT /api/objects/{id}': 'own account',
  'PUT /api/objects/{id}/groups': 'own account',
  'PUT /api/objects/{id}/regions': 'own account',
  'GET /api/schedulers': 'own account',
  'POST /api/schedulers': 'own account',
  'POST /api/schedulers/preview': 'own account',
  'GET /api/schedulers/sch_history': 'own account',
  'GET /api/schedulers/{id}': 'own account',
  'PUT /api/schedulers/{id}': 'own account',
  'DELETE /api/schedulers/{id}': 'own account',
  'POST /api/schedulers/{id}/pause': 'own account',
  'POST /api/schedulers/{id}/unpause': 'own account',
  'POST /api/schedulers/{id}/end': 'own account',
  'GET /api/outputs_plans': 'own account',
  // Forecast runs of the session's account only; probed in features/schedules/plan-forecast.test.ts.
  'GET /api/outputs_plans/forecast': 'own account',
  'GET /api/commands': 'own account',
  'GET /api/manual_opens': 'own account',
  // Messages: each user's own copies; probed in features/messages/messages.test.ts.
  'GET /api/user_messages': 'own user',
  'GET /api/user_messages/{id}': 'own user',
  'PUT /api/user_messages/{id}/read': 'own user',
  'DELETE /api/user_messages/{id}': 'own user',
  'GET /api/admin/overview': 'operator',
  'GET /api/admin/clients': 'operator',
  'GET /api/admin/clients/{id}': 'operator',
  'PUT /api/admin/clients/{id}/access': 'operator',
  'GET /api/admin/users': 'operator',
  'GET /api/admin/devices': 'operator',
  'GET /api/admin/devices/{id}': 'operator',
  'POST /api/admin/devices': 'operator',
  'POST /api/admin/devices/import': 'operator',
  'GET /api/admin/devices/import/{id}': 'operator',
  'POST /api/admin/devices/{id}/credentials': 'operator',
  'GET /api/admin/objects': 'operator',
  'GET /api/admin/objects/{id}': 'operator',
  'DELETE /api/admin/objects/{id}': 'operator',
  'GET /api/admin/alarms': 'operator',
  'POST /api/admin/alarms/confirm': 'operator',
  'GET /api/admin/users_messages/{id}': 'operator',
  'GET /api/admin/messages': 'operator',
  'POST /api/admin/messages': 'operator',
  'DELETE /api/admin/messages/{id}': 'operator',
  'GET /api/admin/message_templates': 'operator',
  'POST /api/admin/message_templates': 'operator',
  'PUT /api/admin/message_templates/{id}': 'operator',
  'DELETE /api/admin/message_templates/{id}': 'operator',
  // The audit log: every account's for the operator; an account admin's own account only, probed
  // in features/audit/audit-log.test.ts.
  'GET /api/admin/audit_log': 'operator',
  'GET /api/admin/audit_log/filters': 'operator',
  'GET /api/audit_log': 'own account',
  'GET /api/audit_log/filters': 'own account',
  // Alarms of the session's account; push subscriptions of the session's user.
  'GET /api/alarms': 'own account',
  'GET /api/alarms/history': 'own account',
  'POST /api/alarms/confirm_all': 'own account',
  'POST /api/alarms/{id}/confirm': 'own account',
  'DELETE /api/alarms/{id}': 'own account',
  'GET /api/push/vapid_public_key': 'own user',
  'POST /api/push/subscriptions': 'own user',
  'DELETE /api/push/subscriptions': 'own user',
  // Only to the session user's own subscription; probed in features/push/push-test.test.ts.
  'POST /api/push/test': 'own user',
  // The weather and its stations: the session's account only; probed in features/weather/weather.test.ts.
  'GET /api/weather': 'own account',
  'GET /api/weather/settings': 'own account',
  'PUT /api/weather/settings': 'own account',
  // The account's test history only (another's run is 404); probed in features/test-area/test-runs.test.ts.
  'GET /api/test/runs': 'own account',
  'GET /api/test/runs/{id}': 'own account',
  // The weather check reads the session's account's stations only; probed in features/test-weather.
  'POST /api/test/weather': 'own account',
  // A test message to the session user only; probed in features/test-profile.
  'POST /api/test/profile': 'own user',
  // Reports of the session's account's modules only; probed below and in features/reports/reports.test.ts.
  'POST /api/reports': 'own account',
  'POST /api/reports/export': 'own account',
  // Outputs of the session's account only; probed below and in features/reports/irrigation.
  'POST /api/reports/irrigation': 'own account',
}

let server: TestServer
let victim: Awaited<ReturnType<typeof seedAccount>>
let intruder: Awaited<ReturnType<typeof seedAccount>>
let victimSession: ReturnType<typeof httpSession>
let intruderSession: ReturnType<typeof httpSession>

beforeAll(async () => {
  // With the broker hook's token, so that its two routes are registered and listed too.
  server = await startTestServer({ MQTT_HOOK_TOKEN: 'a-broker-hook-token-of-32-characters-at-least' })
  victim = await seedAccount(server, ['AM-100-103'])
  intruder = await seedAccount(server, ['AM-200'])
  victimSession = httpSession(server.url)
  intruderSession = httpSession(server.url)
  await victimSession.login(victim.email, victim.password)
  await intruderSession.login(intruder.email, intruder.password)
})
afterAll(() => server?.stop())

const victimRow = async () =>
  (
    await server.database.pool.query(
      'select u.name, u.type, u.lang, c.name as client from users u join clients c on c.id = u.id_client where u.id = $1',
      [victim.user.id],
    )
  ).rows[0]

describe('separation of client accounts', () => {
  it('knows how every route of the API is scoped', async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(listed.sort()).toEqual(Object.keys(routes).sort())
  })

  it("shows an admin of one account none of another's modules, users, sessions or account data", async () => {
    const before = await victimRow()
    const me = await intruderSession.request('GET', '/api/me')
    expect((me.body.objects as { serial: string }[]).map((o) => o.serial)).toEqual([
      intruder.modules[0]!.serial,
    ])
    const users = await intruderSession.request('GET', '/api/users')
    expect(JSON.stringify(users.body)).not.toContain(victim.email)
    const client = await intruderSession.request('GET', '/api/client')
    expect(client.body.name).toBe(intruder.clientName)
    const sessions = await intruderSession.request('GET', '/api/sessions')
    const victimSessions = await victimSession.request('GET', '/api/sessions')
    const victimIds = (victimSessions.body as unknown as { id: string }[]).map((s) => s.id)
    for (const session of sessions.body as unknown as { id: string }[])
      expect(victimIds).not.toContain(session.id)
    expect(await victimRow()).toEqual(before)
  })

  it("changes nothing of another account's users, sessions or account through ids or names", async () => {
    const before = await victimRow()
    const victimSessions = (await victimSession.request('GET', '/api/sessions')).body as unknown as {
      id: string
    }[]

    const edit = await intruderSession.write('PUT', `/api/users/${victim.user.id}`, {
      name: 'Taken over',
      type: 2,
    })
    expect(edit.status).toBe(404)
    const remove = await intruderSession.write('DELETE', `/api/users/${victim.user.id}`)
    expect(remove.status).toBe(404)
    const revoke = await intruderSession.write('DELETE', `/api/sessions/${victimSessions[0]!.id}`)
    expect(revoke.status).toBe(404)
    // Answered as for a new address (no probing who has an account); the victim's user stays as it was.
    const invite = await intruderSession.write('POST', '/api/users/invite', { email: victim.email, type: 1 })
    expect(invite).toEqual({ status: 202, body: { email: victim.email } })
    const rename = await intruderSession.request('GET', '/api/client')
    const renamed = await intruderSession.write('PUT', '/api/client', {
      ...rename.body,
      name: victim.clientName,
    })
    expect(renamed.body.error).toBe('account_name_exists')
    await intruderSession.write('PUT', '/api/users/lang', { lang: 'pl' })

    expect(await victimRow()).toEqual(before)
    expect((await victimSession.request('GET', '/api/me')).status).toBe(200)
  })

  it("neither reads nor changes another account's farm place", async () => {
    const place = { address: 'Polna 1, Grójec', location: { lat: 51.8655, lng: 20.8672 } }
    const victimAccount = (await victimSession.request('GET', '/api/client')).body
    expect(
      (await victimSession.write('PUT', '/api/client', { ...victimAccount, farm_place: place })).status,
    ).toBe(200)
    const theirs = (await intruderSession.request('GET', '/api/client')).body
    expect(theirs.farm_place).toEqual({ address: '', location: null })
    expect((await intruderSession.request('GET', '/api/map/settings')).body.farm).toBeNull()
    const moved = { address: 'Elsewhere', location: { lat: 10, lng: 10 } }
    expect((await intruderSession.write('PUT', '/api/client', { ...theirs, farm_place: moved })).status).toBe(
      200,
    )
    expect((await victimSession.request('GET', '/api/client')).body.farm_place).toEqual(place)
    expect((await victimSession.request('GET', '/api/map/settings')).body.farm).toEqual(place.location)
  })

  it("neither reads, changes, groups nor activates another account's module", async () => {
    const [module] = victim.modules
    const victimObject = async () =>
      (await server.database.pool.query('select * from objects where id = $1', [module!.id])).rows[0]
    const before = await victimObject()
    const group = await server.database.pool.query(
      `insert into groups (id_client, name, scope) values ($1, 'Victim group', 'objects') returning id`,
      [victim.user.id_client],
    )
    const victimGroup = group.rows[0].id as number

    const list = await intruderSession.request('GET', '/api/objects')
    expect((list.body as unknown as { id: number }[]).map((o) => o.id)).toEqual([intruder.modules[0]!.id])
    expect((await intruderSession.request('GET', `/api/objects/${module!.id}`)).status).toBe(404)
    const settings = { name: 'Taken over', properties: {}, config: {} }
    expect((await intruderSession.write('PUT', `/api/objects/${module!.id}`, settings)).status).toBe(404)
    const ids = { ids: [] }
    expect((await intruderSession.write('PUT', `/api/objects/${module!.id}/groups`, ids)).status).toBe(404)
    expect((await intruderSession.write('PUT', `/api/objects/${module!.id}/regions`, ids)).status).toBe(404)
    const ownGroups = await intruderSession.write('PUT', `/api/objects/${intruder.modules[0]!.id}/groups`, {
      ids: [victimGroup],
    })
    expect(ownGroups.body.error).toBe('element_not_found')
    const credentials = { serial: module!.serial, pin: module!.pin }
    const check = await intruderSession.write('POST', '/api/objects/check', credentials)
    expect(check.body.error).toBe('module_already_activated')
    const nfc = await intruderSession.write('POST', '/api/objects/nfc', {
      code: `KROPLA:${module!.serial}:${module!.pin}`,
    })
    expect(nfc.body.error).toBe('nfc_in_use')
    const add = await intruderSession.write('POST', '/api/objects', { ...credentials, name: 'Mine now' })
    expect(add.body.error).toBe('module_already_activated')

    expect(await victimObject()).toEqual(before)
    const grouped = await server.database.pool.query('select 1 from group_objects where id_group = $1', [
      victimGroup,
    ])
    expect(grouped.rows).toEqual([])
  })

  it("lets nobody list, read, change, remove or refer to another account's resources", async () => {
    const added = await createFleetService(createFleetDal(server.database.db)).addModule(
      { serial: `V${victim.modules[0]!.serial}`, pin: '4321', model: 'AM-411' },
      { clientName: victim.clientName },
    )
    const output = await moduleOutput(victimSession, added.id, 'o1')
    const create = async (path: string, body: Record<string, unknown>) => {
      const answer = await victimSession.write('POST', path, body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(201)
      return answer.body as { id: number }
    }
    const source = await create('/api/water_sources', {
      name: 'Well',
      efficiency: 5,
      clean_outputs: [output.id],
    })
    const group = await create('/api/groups', { name: 'Valves', scope: 'outputs', elements: [output.id] })
    const probes = await create('/api/groups', {
      name: 'Probes',
      scope: 'objects',
      elements: [victim.modules[0]!.id],
    })
    const section = await create('/api/sections', {
      name: 'Orchard',
      area: 1,
      flow: 2,
      id_water_source: source.id,
      groups: [group.id],
    })
    const points = [
      { lng: 19, lat: 50 },
      { lng: 19.1, lat: 50 },
      { lng: 19.1, lat: 50.1 },
    ]
    const region = await create('/api/regions', { name: 'North', points, objects: [added.id] })
    const geo = await create('/api/geo_objects', { name: 'Shed', location: { lng: 19, lat: 50 } })
    const dashboard = await create('/api/dashboards', { name: 'Field' })
    const template = await create('/api/reports/templates', {
      name: 'Weekly soil',
      request: {
        type: 'temperature',
        sources: [{ id: victim.modules[0]!.id, field: 'temp1' }],
        start_date: '2026-03-01T00:00:00Z',
        end_date: '2026-03-08T00:00:00Z',
      },
    })
    const owned: [string, number][] = [
      ['outputs', output.id],
      ['water_sources', source.id],
      ['groups', group.id],
      ['groups', probes.id],
      ['sections', section.id],
      ['regions', region.id],
      ['geo_objects', geo.id],
      ['dashboards', dashboard.id],
      ['reports/templates', template.id],
    ]
    const snapshot = async () =>
      Promise.all(owned.map(([path, id]) => victimSession.request('GET', `/api/${path}/${id}`)))
    const before = await snapshot()
    expect(before.map((answer) => answer.status)).toEqual(owned.map(() => 200))

    for (const [index, [path, id]] of owned.entries()) {
      const listed = (await intruderSession.request('GET', `/api/${path}`)).body as unknown as {
        id: number
      }[]
      expect(listed.map((item) => item.id)).not.toContain(id)
      expect((await intruderSession.request('GET', `/api/${path}/${id}`)).status).toBe(404)
      expect((await intruderSession.write('PUT', `/api/${path}/${id}`, before[index]!.body)).status).toBe(404)
      expect((await intruderSession.write('DELETE', `/api/${path}/${id}`)).status).toBe(404)
      if (['outputs', 'water_sources', 'groups', 'sections'].includes(path))
        expect((await intruderSession.request('GET', `/api/${path}/${id}/usage`)).status).toBe(404)
    }

    const references: [string, Record<string, unknown>][] = [
      ['/api/outputs', { name: 'Mine', kind: 'output', type: 'irr', id_object: added.id, field_name: 'o2' }],
      ['/api/water_sources', { name: 'Mine', efficiency: 1, clean_outputs: [output.id] }],
      ['/api/groups', { name: 'Mine', scope: 'outputs', elements: [output.id] }],
      ['/api/groups', { name: 'Mine', scope: 'objects', elements: [victim.modules[0]!.id] }],
      ['/api/sections', { name: 'Mine', area: 1, flow: 1, id_water_source: source.id }],
      ['/api/sections', { name: 'Mine', area: 1, flow: 1, groups: [group.id] }],
      ['/api/regions', { name: 'Mine', points, objects: [added.id] }],
    ]
    for (const [path, body] of references) {
      const answer = await intruderSession.write('POST', path, body)
      expect([path, answer.status, answer.body.error]).toEqual([path, 400, 'element_not_found'])
    }
    for (const path of ['outputs', 'water_sources', 'groups', 'sections', 'regions']) {
      const listed = (await intruderSession.request('GET', `/api/${path}`)).body as unknown as unknown[]
      expect([path, listed]).toEqual([path, []])
    }
    expect(await snapshot()).toEqual(before)
  })

  it("neither reads, changes, pauses, ends, deletes nor previews another account's schedules and plans", async () => {
    const added = await createFleetService(createFleetDal(server.database.db)).addModule(
      { serial: `S${victim.modules[0]!.serial}`, pin: '4323', model: 'AM-411' },
      { clientName: victim.clientName },
    )
    const output = await moduleOutput(victimSession, added.id, 'o3')
    const group = await victimSession.write('POST', '/api/groups', {
      name: 'Scheduled valves',
      scope: 'outputs',
      elements: [output.id],
    })
    const section = await victimSession.write('POST', '/api/sections', {
      name: 'Scheduled field',
      area: 1,
      flow: 1,
      groups: [(group.body as { id: number }).id],
    })
    const definition = {
      rule: { kind: 'weekdays', days: [1, 2, 3, 4, 5, 6, 7] },
      cycle_minutes: 10,
      starts: { kind: 'every', start_time: '06:00', count: 1, every_minutes: 60 },
      elements: [{ kind: 'section', id: (section.body as { id: number }).id, percent: 100 }],
    }
    const body = { name: 'Victim schedule', type: 1, begin_date: '2099-01-01', definition }
    const schedule = await victimSession.write('POST', '/api/schedulers', body)
    expect(schedule.status, JSON.stringify(schedule.body)).toBe(201)
    const id = (schedule.body as { id: number }).id
    const opensAt = new Date(Date.now() + 3600_000)
    await server.database.pool.query(
      `insert into outputs_plans (id_client, id_schedule, id_output, planned_at, open_at, duration)
       values ($1, $2, $3, $4, $4, 10)`,
      [victim.user.id_client, id, output.id, opensAt],
    )
    const victimRows = async () =>
      (
        await server.database.pool.query(
          `select (select json_agg(s order by s.id) from schedules s where s.id_client = $1) as schedules,
                  (select json_agg(p order by p.id) from outputs_plans p where p.id_client = $1) as plans`,
          [victim.user.id_client],
        )
      ).rows[0]
    const before = await victimRows()

    expect((await intruderSession.request('GET', '/api/schedulers?hidden=1')).body).toEqual([])
    expect((await intruderSession.request('GET', `/api/schedulers/${id}`)).status).toBe(404)
    const day = new Date(Date.now() - 86_400_000).toISOString()
    const later = new Date(Date.now() + 86_400_000).toISOString()
    const history = await intruderSession.request(
      'GET',
      `/api/schedulers/sch_history?id_schedule=${id}&d0=${day}&d1=${later}`,
    )
    expect(history.status).toBe(404)
    expect((await intruderSession.request('GET', `/api/outputs_plans?from=${day}&to=${later}`)).body).toEqual(
      [],
    )
    for (const [method, url, payload] of [
      ['PUT', `/api/schedulers/${id}`, body],
      ['DELETE', `/api/schedulers/${id}`, undefined],
      ['POST', `/api/schedulers/${id}/pause`, {}],
      ['POST', `/api/schedulers/${id}/unpause`, {}],
      ['POST', `/api/schedulers/${id}/end`, { hidden: true }],
      ['POST', `/api/schedulers/preview?id_schedule=${id}`, body],
    ] as const) {
      const answer = await intruderSession.write(method, url, payload)
      expect([method, url, answer.status]).toEqual([method, url, 404])
    }
    for (const url of ['/api/schedulers', '/api/schedulers/preview']) {
      const answer = await intruderSession.write('POST', url, body)
      expect([url, answer.status, answer.body.error]).toEqual([url, 400, 'element_not_found'])
      const direct = await intruderSession.write('POST', url, {
        ...body,
        definition: { ...definition, elements: [{ kind: 'output', id: output.id }] },
      })
      expect([url, direct.body.error]).toEqual([url, 'element_not_found'])
    }
    expect(await victimRows()).toEqual(before)
    expect((await victimSession.request('GET', `/api/schedulers/${id}`)).status).toBe(200)
  })

  it("lets no module report under another account's serial", async () => {
    const [module] = intruder.modules
    const answer = await fetch(`${server.url}/ingest/v1/${victim.modules[0]!.serial}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${module!.serial}:${module!.pin}`).toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ values: { TEMP_1: 99 } }),
    })
    expect(answer.status).toBe(401)
    const stored = await server.database.pool.query('select 1 from readings where object_id = $1', [
      victim.modules[0]!.id,
    ])
    expect(stored.rows).toEqual([])
  })

  it("neither sees nor commands another account's modules, outputs, groups, commands or manual openings", async () => {
    const added = await createFleetService(createFleetDal(server.database.db)).addModule(
      { serial: `C${victim.modules[0]!.serial}`, pin: '4322', model: 'AM-411' },
      { clientName: victim.clientName },
    )
    const output = await moduleOutput(victimSession, added.id, 'o2')
    const group = await victimSession.write('POST', '/api/groups', {
      name: 'Valves to open',
      scope: 'outputs',
      elements: [output.id],
    })
    const idClient = victim.user.id_client
    await server.database.pool.query(
      `insert into commands (id, id_client, id_object, outputs, source, status, sent_at)
       values ('victim-command', $1, $2, '{"o2":{"on":true,"minutes":5}}', 'user', 10, now())`,
      [idClient, added.id],
    )
    await server.database.pool.query(
      `insert into manual_opens (id_client, id_output, minutes, status, open_at, close_at)
       values ($1, $2, 5, 2, now(), now() + interval '5 minutes')`,
      [idClient, output.id],
    )
    const victimRows = async () =>
      (
        await server.database.pool.query(
          `select (select json_agg(c order by c.id) from commands c where c.id_client = $1) as commands,
                  (select json_agg(m order by m.id) from manual_opens m where m.id_client = $1) as opens,
                  (select count(*)::int from schedules s where s.id_client = $1) as schedules`,
          [idClient],
        )
      ).rows[0]
    const before = await victimRows()

    expect((await intruderSession.request('GET', '/api/commands')).body).toEqual([])
    expect((await intruderSession.request('GET', '/api/manual_opens')).body).toEqual([])
    expect((await intruderSession.request('GET', '/api/me')).body.outputsOpenings).toEqual([])
    expect((await victimSession.request('GET', '/api/manual_opens')).body).toHaveLength(1)

    const socket = await connectBrowserSocket(server.url, intruderSession.cookieHeader())
    const ask = (event: string, payload: unknown) =>
      socket.timeout(15_000).emitWithAck(event, payload) as Promise<Record<string, unknown>>
    const refusals = [
      await ask('command', { id_object: added.id, outputs: { o2: { on: false, minutes: null } } }),
      await ask('manual_schedule', { id_output: output.id, on: false }),
      await ask('manual_schedule', { id_output: output.id, on: true, minutes: 5 }),
      await ask('manual_group_schedule', { id_group: (group.body as { id: number }).id, on: true }),
      await ask('manual_schedule_new', { elements: [{ id_output: output.id, minutes: 5 }] }),
    ]
    for (const refusal of refusals) expect(refusal).toMatchObject({ err: 'element_not_found' })
    socket.close()
    expect(await victimRows()).toEqual(before)
  })

  it("neither lists, confirms nor removes another account's alarms, nor drops another user's push subscription", async () => {
    const [module] = victim.modules
    const inserted = await server.database.pool.query(
      `insert into alarms (id_client, id_object, alarm_name, field, threshold, value, activation_date, active)
       values ($1, $2, 'HUMIDITY_1_lt', 'HUMIDITY_1', 20, 15, now(), false) returning id`,
      [victim.user.id_client, module!.id],
    )
    const id = inserted.rows[0].id as number
    const endpoint = 'https://push.example.com/victim-browser'
    await server.database.pool.query(
      `insert into push_subscriptions (endpoint, id_user, keys) values ($1, $2, '{"p256dh":"x","auth":"y"}')`,
      [endpoint, victim.user.id],
    )
    const snapshot = async () =>
      (
        await server.database.pool.query(
          `select (select json_agg(a) from alarms a where a.id = $1) as alarms,
                  (select json_agg(p) from push_subscriptions p where p.endpoint = $2) as subscriptions`,
          [id, endpoint],
        )
      ).rows[0]
    const before = await snapshot()

    expect((await intruderSession.request('GET', '/api/alarms')).body).toEqual([])
    const inactive = `/api/alarms?state=inactive&id_object=${module!.id}`
    expect((await intruderSession.request('GET', inactive)).body).toEqual([])
    const history = `/api/alarms/history?id_object=${module!.id}&alarm_name=HUMIDITY_1_lt`
    expect((await intruderSession.request('GET', history)).body).toEqual([])
    expect((await intruderSession.write('POST', `/api/alarms/${id}/confirm`)).status).toBe(404)
    expect((await intruderSession.write('DELETE', `/api/alarms/${id}`)).status).toBe(404)
    expect((await intruderSession.write('POST', '/api/alarms/confirm_all')).body).toEqual({ confirmed: 0 })
    expect((await intruderSession.write('DELETE', '/api/push/subscriptions', { endpoint })).status).toBe(204)

    expect(await snapshot()).toEqual(before)
    expect((await victimSession.request('GET', '/api/alarms?state=inactive')).body).toHaveLength(1)
  })

  it("reports and exports none of another account's modules or outputs", async () => {
    const probe = victim.modules[0]!
    const body = {
      type: 'complex',
      sources: [{ id: probe.id, fields: ['TEMP_1'] }],
      start_date: '2026-01-01T00:00:00Z',
      end_date: '2026-01-02T00:00:00Z',
    }
    const own = await victimSession.write('POST', '/api/reports', body)
    expect(own.status).toBe(200)
    for (const path of ['/api/reports', '/api/reports/export']) {
      const answer = await intruderSession.write('POST', path, body)
      expect(answer).toMatchObject({ status: 404, body: { error: 'report_sources_failed' } })
    }
    const irrigation = await intruderSession.write('POST', '/api/reports/irrigation', {
      ...body,
      type: 'irrigation',
      sources: [{ id: probe.id, field: 'o1' }],
    })
    expect(irrigation).toMatchObject({ status: 404, body: { error: 'report_sources_failed' } })
  })

  it("refuses a socket's switch to an account the user is not assigned to", async () => {
    const socket = await connectBrowserSocket(server.url, intruderSession.cookieHeader())
    const answer = await socket.emitWithAck('switch_client', { id_client: victim.user.id_client })
    expect(answer).toMatchObject({ err: 'switch_client_failed' })
    const me = await intruderSession.request('GET', '/api/me')
    expect((me.body.user as { id_client: number }).id_client).toBe(intruder.user.id_client)
    socket.close()
  })
})
