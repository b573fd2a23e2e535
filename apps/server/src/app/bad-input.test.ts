import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createClientsDal } from '../features/clients/clients-dal'
import { createFleetDal } from '../features/fleet/fleet-dal'
import { createFleetService } from '../features/fleet/fleet-service'
import { addUser, loggedIn } from '../test/account-fixtures'
import { type FieldPath, type JsonSchema, sampleOf, stringFields, withValueAt } from '../test/openapi-bodies'
import { created } from '../test/resource-fixtures'
import { irrigatedAccount, scheduleBody } from '../test/schedule-fixtures'
import { httpSession, startTestServer, type TestServer } from '../test/test-server'

/**
 * Issue 11 item 5: every route the OpenAPI document declares answers poisoned text and dates with
 * a 4xx that names the field, never a 500, and stores nothing.
 */

const poisons = {
  nul: 'Row\u0000A',
  loneHigh: 'Row\ud800A',
  loneLow: '\udc00',
  yearZeroDay: '0000-01-01',
  impossibleDay: '2030-02-30',
  yearZeroMoment: '0000-01-01T00:00:00Z',
  impossibleMoment: '2030-02-30T06:00:00Z',
} as const
type Poison = keyof typeof poisons
const textPoisons: Poison[] = ['nul', 'loneHigh', 'loneLow']

/** Fields that carry a date or a moment: a year-0 or impossible date there must be refused. */
const isDateField = (name: string, schema: JsonSchema) =>
  schema.format === 'date' || schema.format === 'date-time' || /(^|_)(date|from|to|until|d0|d1)$/.test(name)

type Session = ReturnType<typeof httpSession>
interface Operation {
  method: string
  path: string
  body?: JsonSchema
  parameters: { in: string; name: string; schema: JsonSchema; required?: boolean }[]
}

let server: TestServer
let farm: Awaited<ReturnType<typeof irrigatedAccount>>
let operator: Session
let operations: Operation[]
/** A valid body per route where a generated one would be refused for reasons of its own. */
let baselines: Record<string, unknown>
/** The id each `{id}` path parameter takes, per route prefix. */
let ids: Record<string, number>

beforeAll(async () => {
  server = await startTestServer()
  farm = await irrigatedAccount(server)
  const adminus = await addUser(server, farm.user.id_client, 'adminus')
  operator = await loggedIn(server.url, adminus.email)
  const colleague = await addUser(server, farm.user.id_client)
  // A module in the fleet no account has registered yet: registration with it would succeed.
  const spare = { serial: `SPARE${process.pid}`, pin: '4321', model: 'AGB-2000' }
  await createFleetService(createFleetDal(server.database.db)).addModule(spare)
  const schedule = await created(
    farm.session,
    '/api/schedulers',
    scheduleBody([{ kind: 'section', id: farm.orchard.id }]),
  )
  const template = await created(operator, '/api/admin/message_templates', { name: 'Frost' })
  const region = await created(farm.session, '/api/regions', regionBody())
  const geo = await created(farm.session, '/api/geo_objects', {
    name: 'Pump house',
    location: { lng: 21, lat: 52 },
  })
  const dashboard = await created(farm.session, '/api/dashboards', { name: 'Field' })
  // The operator's access changes try an account of their own: blocking the farm would log it out.
  const spareClient = await createClientsDal(server.database.db).insert(`Poison spare ${process.pid}`)
  const reportRequest = {
    type: 'irrigation',
    sources: [{ id_output: farm.valve[0]!.id, schedule: { id: schedule.id, name: 'Morning' } }],
    start_date: '2026-03-01T00:00:00Z',
    end_date: '2026-03-08T00:00:00Z',
  }
  const reportTemplate = await created(farm.session, '/api/reports/templates', {
    name: 'Weekly water',
    request: reportRequest,
  })
  ids = {
    '/api/dashboards': dashboard.id,
    '/api/reports/templates': reportTemplate.id,
    '/api/outputs': farm.valve[0]!.id,
    '/api/water_sources': farm.river.id,
    '/api/groups': farm.rowB.id,
    '/api/sections': farm.meadow.id,
    '/api/regions': region.id,
    '/api/geo_objects': geo.id,
    '/api/schedulers': schedule.id,
    '/api/objects': farm.modules[0]!.id,
    '/api/users': colleague.user.id,
    '/api/admin/message_templates': template.id,
    '/api/admin/clients': spareClient.id,
  }
  const schedule1 = scheduleBody([{ kind: 'section', id: farm.orchard.id }])
  // A report body the generated sample cannot make (a schedule needs its id).
  const reportBody = {
    type: 'complex',
    sources: [
      { id: farm.modules[0]!.id, fields: ['o1'], name: 'Valves', schedule: { id: schedule.id, name: 'S' } },
    ],
    start_date: '2026-01-01T00:00:00Z',
    end_date: '2026-01-02T00:00:00Z',
  }
  baselines = {
    'POST /api/reports': reportBody,
    // A CSV answer is no JSON: the export's baseline names a module no account has, so it is refused.
    'POST /api/reports/export': { ...reportBody, sources: [{ ...reportBody.sources[0], id: 2_000_000_000 }] },
    'POST /login': { email: farm.email, password: farm.password },
    'POST /api/register': {
      serial: spare.serial,
      pin: spare.pin,
      account_name: `Poison farm ${process.pid}`,
      email: `poison${process.pid}@example.com`,
      password: 'Correct-horse-2',
      password_confirm: 'Correct-horse-2',
      terms: true,
      required_consents: true,
      lang: 'en',
    },
    'POST /api/register/device': { serial: spare.serial, pin: spare.pin },
    'POST /api/pass_reset': { account_name: farm.clientName, email: farm.email },
    'POST /api/admin/messages': {
      subject_pl: 'Przerwa',
      subject_en: 'Break',
      content_pl: 'Treść',
      content_en: 'Content',
      recipients: { kind: 'users', ids: [colleague.user.id] },
      publication_date: '2030-01-01T06:00:00Z',
    },
    'POST /api/users/invite': { email: `invited${process.pid}@example.com`, type: 2, lang: 'en' },
    'PUT /api/client': (await farm.session.request('GET', '/api/client')).body,
    'POST /api/outputs': {
      name: 'Valve',
      kind: 'output',
      type: 'irr',
      id_object: farm.modules[0]!.id,
      field_name: 'o3',
    },
    'PUT /api/outputs/{id}': {
      name: 'Valve',
      kind: 'output',
      type: 'irr',
      id_object: farm.modules[0]!.id,
      field_name: 'o1',
    },
    'POST /api/water_sources': { name: 'Pond', efficiency: 5, clean_outputs: [farm.light[0]!.id] },
    'PUT /api/water_sources/{id}': { name: 'River', efficiency: 5, clean_outputs: [farm.valve[3]!.id] },
    'POST /api/groups': { name: 'Row C', scope: 'outputs', elements: [] },
    'PUT /api/groups/{id}': { name: 'Row B', scope: 'outputs', elements: [farm.valve[2]!.id] },
    'POST /api/sections': { name: 'Field', area: 1, flow: 2, groups: [], id_water_source: null },
    'PUT /api/sections/{id}': {
      name: 'Meadow',
      area: 1,
      flow: 2,
      groups: [farm.rowB.id],
      id_water_source: farm.river.id,
    },
    'POST /api/regions': regionBody(),
    'PUT /api/regions/{id}': regionBody(),
    'POST /api/geo_objects': { name: 'Well head', location: { lng: 21, lat: 52 } },
    'PUT /api/geo_objects/{id}': { name: 'Pump house', location: { lng: 21, lat: 52 } },
    'POST /api/reports/templates': { name: 'Monthly water', request: reportRequest },
    'POST /api/reports/irrigation': reportRequest,
    'PUT /api/reports/templates/{id}': { name: 'Weekly water', request: reportRequest },
    'POST /api/schedulers': schedule1,
    'POST /api/schedulers/preview': schedule1,
    'PUT /api/schedulers/{id}': schedule1,
    'POST /api/schedulers/{id}/pause': { from: '2030-01-01T06:00:00Z', until: '2030-01-02T06:00:00Z' },
    'PUT /api/objects/{id}': { name: 'Valves' },
  }
  const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        Omit<Operation, 'method' | 'path'> & {
          requestBody?: { content: Record<string, { schema: JsonSchema }> }
        }
      >
    >
  }
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      body: operation.requestBody?.content['application/json']?.schema,
      parameters: operation.parameters ?? [],
    })),
  )
}, 120_000)
afterAll(async () => {
  await server?.stop()
})

function regionBody() {
  return {
    name: 'North field',
    points: [
      { lng: 21, lat: 52 },
      { lng: 21.01, lat: 52 },
      { lng: 21.01, lat: 52.01 },
    ],
  }
}

/** The session a route is tried with: the operator for the operator's routes, the farm's admin otherwise. */
function sessionFor(path: string): Session {
  if (path.startsWith('/api/admin/')) return operator
  // Logging in, registration and password resets are tried anonymously, as a stranger would.
  if (/^\/(login|api\/register|api\/pass_reset|api\/invitations|ingest)/.test(path))
    return httpSession(server.url)
  return farm.session
}

function urlOf(operation: Operation, params: Record<string, string> = {}) {
  const prefix = Object.keys(ids).find((key) => operation.path.startsWith(`${key}/{id}`))
  let url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    percentEncoded(
      params[name] ?? (name === 'id' && prefix ? String(ids[prefix]) : 'SAMPLE-1234567890abcdef'),
    ),
  )
  const query = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => [parameter.name, params[parameter.name] ?? queryDefault(operation, parameter.name)])
    .filter(([, value]) => value !== undefined) as [string, string][]
  if (query.length) url += `?${query.map(([name, value]) => `${name}=${percentEncoded(value)}`).join('&')}`
  return url
}

/**
 * Percent-encodes text as a hand-made client could: a lone surrogate goes as its three WTF-8
 * bytes (what a naive encoder emits), where encodeURIComponent would throw.
 */
function percentEncoded(value: string) {
  return [...value]
    .map((character) => {
      const code = character.charCodeAt(0)
      if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(character)
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
    })
    .join('')
}

function queryDefault(operation: Operation, name: string): string | undefined {
  if (name === 'id_schedule') return String(ids['/api/schedulers'])
  if (name === 'id_object' && operation.path === '/api/alarms/history') return String(ids['/api/objects'])
  if (name === 'alarm_name') return 'Frost'
  if (operation.path === '/api/outputs_plans') return name === 'from' ? '2030-01-01' : '2030-01-02'
  if (operation.path === '/api/schedulers/sch_history') return name === 'd0' ? '2030-01-01' : '2030-01-02'
  return undefined
}

/** The operations and field paths a poison goes into, with what the answer must be. */
function trials() {
  const list: {
    operation: Operation
    where: 'body' | 'query' | 'path'
    field: FieldPath
    strict: Poison[]
  }[] = []
  for (const operation of operations) {
    if (operation.method === 'GET' && !operation.parameters.some((p) => p.in !== 'header')) continue
    for (const field of stringFields(operation.body)) {
      const name = String(field.path.filter((part) => typeof part === 'string').at(-1))
      // Passwords are hashed, never stored as text: any character may be part of one.
      const strict: Poison[] = field.inUnion || /password/.test(name) ? [] : [...textPoisons]
      if (!field.inUnion && isDateField(name, field.schema))
        strict.push('yearZeroDay', 'impossibleDay', 'yearZeroMoment', 'impossibleMoment')
      list.push({ operation, where: 'body', field: field.path, strict })
    }
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query' && parameter.in !== 'path') continue
      const schemas = parameter.schema.anyOf ?? [parameter.schema]
      if (!schemas.some((schema) => schema.type === 'string' && !schema.enum)) continue
      // A URL carries bytes: a lone surrogate's bytes reach the server as U+FFFD, which is text.
      const strict: Poison[] = ['nul']
      if (isDateField(parameter.name, schemas[0]!))
        strict.push('yearZeroDay', 'impossibleDay', 'yearZeroMoment', 'impossibleMoment')
      list.push({ operation, where: parameter.in as 'query' | 'path', field: [parameter.name], strict })
    }
  }
  return list
}

describe('poisoned input', () => {
  test('the document declares the routes this test relies on', () => {
    const declared = operations.map((operation) => `${operation.method} ${operation.path}`)
    for (const route of Object.keys(baselines)) expect(declared).toContain(route)
    expect(trials().length).toBeGreaterThan(100)
    // A route whose body fields are tried needs a real {id}: refused for its path, the poisoned
    // field would prove nothing.
    const withoutId = trials()
      .filter(({ operation, where }) => where === 'body' && operation.path.includes('{id}'))
      .filter(
        ({ operation }) => !Object.keys(ids).some((prefix) => operation.path.startsWith(`${prefix}/{id}`)),
      )
      .map(({ operation, field }) => `${operation.method} ${operation.path} ${field.join('.')}`)
    expect(withoutId).toEqual([])
  })

  test('every baseline body is accepted, so a refusal below is the poison’s doing', async () => {
    const refused: string[] = []
    for (const route of [
      'POST /api/schedulers/preview',
      'POST /api/register/device',
      'PUT /api/objects/{id}',
      'PUT /api/client',
    ]) {
      const operation = operations.find((o) => `${o.method} ${o.path}` === route)!
      const answer = await sessionFor(operation.path).write(
        operation.method,
        urlOf(operation),
        baselines[route],
      )
      if (answer.status >= 300) refused.push(`${route}: ${answer.status} ${JSON.stringify(answer.body)}`)
    }
    expect(refused).toEqual([])
  }, 60_000)

  test('NUL, lone surrogates, year 0 and impossible dates in any field: a 4xx naming the field, never a 5xx', async () => {
    const failures: string[] = []
    for (const { operation, where, field, strict } of trials()) {
      const route = `${operation.method} ${operation.path}`
      for (const [poison, value] of Object.entries(poisons) as [Poison, string][]) {
        const session = sessionFor(operation.path)
        const base = baselines[route] ?? sampleOf(operation.body)
        const body = where === 'body' ? withValueAt(base, field, value) : operation.body ? base : undefined
        const url = urlOf(operation, where === 'body' ? {} : { [String(field[0])]: value })
        const answer =
          operation.method === 'GET'
            ? await session.request('GET', url)
            : await session.write(operation.method, url, body)
        const label = `${route} ${where}:${field.join('.')}=${poison} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`
        if (answer.status >= 500) failures.push(label)
        else if (strict.includes(poison)) {
          if (answer.status < 400) failures.push(label)
          else if (answer.body.error === 'validation_failed' && where !== 'path') {
            const paths = ((answer.body.issues ?? []) as { path: string }[]).map((issue) => issue.path)
            if (!paths.includes(field.join('.'))) failures.push(`${label} (the field is not named)`)
          }
        }
      }
    }
    expect(failures).toEqual([])
  }, 600_000)

  test('nothing poisoned was stored: no list the farm or the operator reads holds NUL or a replacement character', async () => {
    const lists = operations.filter(
      (o) =>
        o.method === 'GET' &&
        o.path.startsWith('/api/') &&
        !o.path.includes('{') &&
        !o.parameters.some((p) => p.required),
    )
    const found: string[] = []
    for (const operation of lists) {
      const answer = await sessionFor(operation.path).request('GET', operation.path)
      // Both sessions are still logged in after the sweep, so every list is really read.
      if (answer.status !== 200) found.push(`${operation.path}: ${answer.status}`)
      const text = JSON.stringify(answer.body)
      if (text.includes('\\u0000') || text.includes('\ufffd'))
        found.push(`${operation.path}: ${text.slice(0, 200)}`)
      if (/"(begin|expiration|publication)_date":"(0000|2030-02-30)/.test(text))
        found.push(`${operation.path}: date`)
    }
    expect(found).toEqual([])
  }, 120_000)
})
