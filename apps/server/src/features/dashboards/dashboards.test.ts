import type { Dashboard } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { created, issuesOf, moduleOutput } from '../../test/resource-fixtures'
import { connectBrowserSocket, seedAccount, startTestServer, type TestServer } from '../../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

async function account(lang = 'en', models = ['AM-100-103']) {
  const seeded = await seedAccount(server, models)
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  return { ...seeded, session }
}
const listOf = async (session: Awaited<ReturnType<typeof account>>['session']) =>
  (await session.request('GET', '/api/dashboards')).body as unknown as Dashboard[]
const stored = async (idClient: number) =>
  (
    await server.database.pool.query(
      'select name, position from dashboards where id_client = $1 order by position',
      [idClient],
    )
  ).rows

const place = { x: 0, y: 0, w: 6, h: 6 }

describe('dashboards', () => {
  it('gives a new account its start dashboard of module tiles, once', async () => {
    const { session, user } = await account()
    const [first, again] = await Promise.all([listOf(session), listOf(session)])
    expect(first).toEqual([
      {
        id: expect.any(Number),
        name: 'Start',
        position: 0,
        widgets: [
          { id: 'modules', type: 'resources', title: '', objects: [], layout: { x: 0, y: 0, w: 12, h: 8 } },
        ],
      },
    ])
    expect(again).toEqual(first)
    expect(await stored(user.id_client)).toEqual([{ name: 'Start', position: 0 }])
  })

  it('adds, renames with widgets, reorders and removes dashboards', async () => {
    const { session, modules } = await account()
    const [start] = await listOf(session)
    const field = await created(session, '/api/dashboards', { name: 'Field' })
    expect(field).toEqual({ id: expect.any(Number), name: 'Field', position: 1, widgets: [] })
    const widgets = [
      {
        id: 'moisture',
        type: 'chart',
        layout: place,
        source: { id_object: modules[0]!.id, field: 'hum1' },
        chart_type: 'bar',
        days_back: 3,
      },
      { id: 'nfc', type: 'nfc_scan', layout: { x: 6, y: 0, w: 3, h: 4 } },
    ]
    const saved = await session.write('PUT', `/api/dashboards/${field.id}`, { name: 'Field 2', widgets })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({
      name: 'Field 2',
      widgets: [
        { id: 'moisture', chart_type: 'bar', days_back: 3, grid: true, max_points: 500 },
        { id: 'nfc' },
      ],
    })
    const reordered = await session.write('PUT', '/api/dashboards/order', { ids: [field.id, start!.id] })
    expect(reordered.status).toBe(200)
    expect((await listOf(session)).map((dashboard) => [dashboard.name, dashboard.position])).toEqual([
      ['Field 2', 0],
      ['Start', 1],
    ])
    const partial = await session.write('PUT', '/api/dashboards/order', { ids: [field.id] })
    expect(partial.status).toBe(400)
    expect((await session.write('DELETE', `/api/dashboards/${start!.id}`)).status).toBe(200)
    expect((await listOf(session)).map((dashboard) => dashboard.name)).toEqual(['Field 2'])
  })

  it('refuses the 17th dashboard, a 17-character name and deleting the only one', async () => {
    const { session, user } = await account()
    await listOf(session)
    for (let n = 2; n <= 16; n++) await created(session, '/api/dashboards', { name: `Board ${n}` })
    const seventeenth = await session.write('POST', '/api/dashboards', { name: 'One more' })
    expect(seventeenth).toEqual({
      status: 409,
      body: { error: 'dashboards_too_many', message: 'Too many dashboards: an account has at most 16.' },
    })
    expect(await stored(user.id_client)).toHaveLength(16)

    const alone = await account('pl')
    const [only] = await listOf(alone.session)
    const long = await alone.session.write('PUT', `/api/dashboards/${only!.id}`, { name: 'x'.repeat(17) })
    expect(long.status).toBe(400)
    expect(long.body).toMatchObject({
      error: 'dashboard_name_too_long',
      message: 'Nazwa pulpitu jest za długa (maksymalnie 16 znaków).',
    })
    expect(
      (await alone.session.write('PUT', `/api/dashboards/${only!.id}`, { name: 'x'.repeat(16) })).status,
    ).toBe(200)
    const removed = await alone.session.write('DELETE', `/api/dashboards/${only!.id}`)
    expect(removed).toEqual({
      status: 409,
      body: { error: 'dashboard_only_one', message: 'Nie można usunąć jedynego pulpitu.' },
    })
    expect(await listOf(alone.session)).toHaveLength(1)
  })

  it('refuses a chart without a device or parameter, in the catalogue wording', async () => {
    const { session } = await account()
    const chart = (source: object) => ({
      name: 'Charts',
      widgets: [{ id: 'c', type: 'chart', layout: place, source }],
    })
    const noDevice = await session.write('POST', '/api/dashboards', chart({}))
    expect(noDevice.body).toMatchObject({ error: 'widget_no_device', message: 'No device selected' })
    expect(issuesOf(noDevice.body)).toEqual({ 'widgets.0.source.id_object': 'No device selected' })
    const noField = await session.write('POST', '/api/dashboards', chart({ id_object: 1 }))
    expect(noField.body).toMatchObject({ error: 'widget_no_parameter', message: 'No parameter selected' })
    const unknown = await session.write('POST', '/api/dashboards', {
      name: 'Odd',
      widgets: [{ id: 'x', type: 'clock', layout: place }],
    })
    expect(unknown.status).toBe(400)
  })

  it("never shows, changes, reorders or removes another account's dashboard", async () => {
    const owner = await account()
    const stranger = await account()
    const [theirs] = await listOf(owner.session)
    await listOf(stranger.session)
    const path = `/api/dashboards/${theirs!.id}`
    expect((await stranger.session.request('GET', path)).status).toBe(404)
    expect((await stranger.session.write('PUT', path, { name: 'Mine' })).status).toBe(404)
    expect((await stranger.session.write('DELETE', path)).status).toBe(404)
    const [own] = await listOf(stranger.session)
    expect(
      (await stranger.session.write('PUT', '/api/dashboards/order', { ids: [theirs!.id, own!.id] })).status,
    ).toBe(400)
    expect((await listOf(stranger.session)).map((dashboard) => dashboard.id)).toEqual([own!.id])
    expect(await listOf(owner.session)).toEqual([theirs])
  })
})

describe('widget_irrigation', () => {
  it("answers the account's outputs, closed, and never another account's", async () => {
    const farm = await account('en', ['AM-411'])
    const valve = await moduleOutput(farm.session, farm.modules[0]!.id, 'o1')
    const stranger = await account('en', ['AM-411'])
    const mine = await connectBrowserSocket(server.url, farm.session.cookieHeader())
    const theirs = await connectBrowserSocket(server.url, stranger.session.cookieHeader())
    try {
      const answer = await mine.timeout(15_000).emitWithAck('widget_irrigation', {})
      expect(answer).toEqual({
        ok: true,
        outputs: expect.arrayContaining([
          {
            id: valve.id,
            name: valve.name,
            id_object: farm.modules[0]!.id,
            kind: 'output',
            open: false,
            source: null,
            close_at: null,
            id_schedule: null,
          },
        ]),
      })
      const refused = await theirs.timeout(15_000).emitWithAck('widget_irrigation', { outputs: [valve.id] })
      expect(refused).toEqual({ ok: true, outputs: [] })
      const bad = await mine.timeout(15_000).emitWithAck('widget_irrigation', { outputs: ['x'] })
      expect(bad).toMatchObject({ err: 'bad_request' })
    } finally {
      mine.close()
      theirs.close()
    }
  })
})
