import {
  createObjectSchema,
  defaultProperties,
  findModel,
  type Group,
  nfcCodeSchema,
  type ObjectDetail,
  objectAssignmentSchema,
  objectCheckSchema,
  objectSettingsSchemaFor,
  parseNfcCode,
  propertiesSchema,
  type Region,
  updateObjectSchema,
} from '@kropla/domain'
import { meFixture } from '@kropla/domain/testing'
import { type Lang, translate } from '@kropla/i18n'
import { validationFailed } from './fake-refusals'
import { objectDetailFixture } from './fake-resources'
import { createFakeServer, type FakeServer, type Schema } from './fake-server'

export { objectDetailFixture }

interface FleetEntry {
  serial: string
  pin: string
  model: string
  /** On this account already, or activated on another one. */
  where: 'free' | 'here' | 'elsewhere'
}

/**
 * The module endpoints of the issue 4 contract in memory, in front of the shared fake server
 * (which answers everything else): check, NFC, add, list, read, save, group and region assignment.
 */
export function createFakeObjectsServer(
  options: { objects?: ObjectDetail[]; me?: Parameters<typeof createFakeServer>[0] } = {},
) {
  const base = createFakeServer(options.me ?? meFixture(), { isLoggedIn: true })
  const state = {
    objects: options.objects ?? [],
    fleet: [
      { serial: 'SOIL-0001', pin: '1234', model: 'AM-100-101', where: 'free' },
      { serial: 'AIR-0002', pin: '1234', model: 'AM-200', where: 'free' },
      { serial: 'HERE-0001', pin: '1234', model: 'AM-100-103', where: 'here' },
      { serial: 'ELSE-0001', pin: '1234', model: 'AM-100-103', where: 'elsewhere' },
    ] as FleetEntry[],
    groups: [
      { id: 31, name: 'Greenhouse A', description: '', scope: 'objects', elements: [], element_count: 0 },
      { id: 32, name: 'Pumps', description: '', scope: 'outputs', elements: [], element_count: 0 },
    ] as Group[],
    regions: [{ id: 41, name: 'North field', description: '', points: [], objects: [] }] as Region[],
    nextId: 500,
    nextCommand: 1,
  }

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const path = String(input).split('?')[0] ?? ''
    const method = init?.method ?? 'GET'
    const isOurs = /^\/api\/(objects|groups|regions)(\/|$)/.test(path)
    if (!isOurs) return base.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    base.state.calls.push({ method, path, body })
    const json = (status: number, payload: unknown) => new Response(JSON.stringify(payload), { status })
    const refuse = (status: number, code: string) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`) })
    if (method !== 'GET' && headers['csrf-token'] !== 'csrf-1') return refuse(403, 'csrf_invalid')
    const failure = base.state.failures.get(`${method} ${path}`)
    if (failure) {
      base.state.failures.delete(`${method} ${path}`)
      return refuse(failure.status, failure.code)
    }
    const check = <T>(schema: Schema, value: unknown = body): T | Response => {
      const parsed = schema.safeParse(value)
      if (parsed.success) return parsed.data as T
      return json(400, validationFailed(lang, parsed.error.issues))
    }
    const lookUp = (serial: string, pin: string): FleetEntry | Response => {
      const entry = state.fleet.find((module) => module.serial === serial)
      if (!entry || entry.pin !== pin) return refuse(404, 'check_serial_pin')
      if (entry.where === 'here') return refuse(409, 'module_already_added')
      if (entry.where === 'elsewhere') return refuse(409, 'module_already_activated')
      return entry
    }

    if (path === '/api/groups' && method === 'GET') return json(200, state.groups)
    if (path === '/api/regions' && method === 'GET') return json(200, state.regions)
    if (path === '/api/objects' && method === 'GET') return json(200, state.objects)
    if (path === '/api/objects/check') {
      const data = check<{ serial: string; pin: string }>(objectCheckSchema)
      if (data instanceof Response) return data
      const entry = lookUp(data.serial, data.pin)
      if (entry instanceof Response) return entry
      return json(200, { serial: entry.serial, model: entry.model })
    }
    if (path === '/api/objects/nfc') {
      const data = check<{ code: string }>(nfcCodeSchema)
      if (data instanceof Response) return data
      const code = parseNfcCode(data.code)
      const entry = code && state.fleet.find((module) => module.serial === code.serial)
      if (!code || !entry || entry.pin !== code.pin) return refuse(400, 'nfc_unrecognized')
      if (entry.where !== 'free') return refuse(409, 'nfc_in_use')
      return json(200, { serial: entry.serial, model: entry.model, pin: entry.pin })
    }
    if (path === '/api/objects' && method === 'POST') {
      const data = check<{
        serial: string
        pin: string
        name: string
        marker: number
        location: ObjectDetail['location']
        properties: Record<string, number | string | null>
      }>(createObjectSchema)
      if (data instanceof Response) return data
      const entry = lookUp(data.serial, data.pin)
      if (entry instanceof Response) return entry
      const model = findModel(entry.model)
      if (!model) return refuse(500, 'module_add_failed')
      const properties = check<ObjectDetail['properties']>(
        propertiesSchema(model.properties),
        data.properties,
      )
      if (properties instanceof Response) return properties
      entry.where = 'here'
      const created = objectDetailFixture({
        id: state.nextId++,
        name: data.name,
        serial: data.serial,
        last_device_model: entry.model,
        marker: data.marker,
        location: data.location,
        properties: { ...defaultProperties(model.properties), ...properties },
        last_data_at: null,
      })
      state.objects = [...state.objects, created]
      return json(201, created)
    }
    const match = /^\/api\/objects\/(\d+)(?:\/(groups|regions))?$/.exec(path)
    const object = match && state.objects.find((candidate) => candidate.id === Number(match[1]))
    if (!match || !object) return refuse(404, 'not_found')
    const save = (saved: ObjectDetail) => {
      state.objects = state.objects.map((candidate) => (candidate.id === saved.id ? saved : candidate))
      return json(200, saved)
    }
    if (match[2] && method === 'PUT') {
      const data = check<{ ids: number[] }>(objectAssignmentSchema)
      if (data instanceof Response) return data
      if (match[2] === 'groups' && !findModel(object.last_device_model)?.groupable)
        return refuse(400, 'not_groupable')
      return save({ ...object, [match[2]]: data.ids })
    }
    if (method === 'GET') return json(200, object)
    if (method === 'PUT') {
      const data = check<Omit<ObjectDetail, 'id'>>(updateObjectSchema)
      if (data instanceof Response) return data
      const model = findModel(object.last_device_model)
      if (!model) return refuse(500, 'object_save_failed')
      const settings = check<Pick<ObjectDetail, 'properties' | 'config'>>(
        objectSettingsSchemaFor(model),
        data,
      )
      if (settings instanceof Response) return settings
      const changed =
        JSON.stringify(settings.properties) !== JSON.stringify(object.properties) ||
        JSON.stringify(settings.config) !== JSON.stringify(object.config)
      return save({
        ...object,
        name: data.name,
        marker: data.marker,
        location: data.location,
        properties: settings.properties,
        config: settings.config,
        config_pending: changed
          ? { id: `cmd-${state.nextCommand++}`, sent_at: new Date().toISOString() }
          : object.config_pending,
      })
    }
    return refuse(404, 'not_found')
  }

  const server: FakeServer = { ...base, fetch }
  return { server, state, callsTo: base.callsTo }
}
