import {
  equipmentSchemaFor,
  findModel,
  type GeoObject,
  type Group,
  type ObjectDetail,
  type Output,
  type Region,
  type ResourceUse,
  type Section,
  saveGeoObjectSchema,
  saveGroupSchema,
  saveOutputSchema,
  saveRegionSchema,
  saveSectionSchema,
  saveWaterSourceSchema,
  type WaterSource,
} from '@kropla/domain'
import { objectFixture } from '@kropla/domain/testing'
import { type Lang, translate } from '@kropla/i18n'
import { validationFailed } from './fake-refusals'
import type { FakeServer, Schema } from './fake-server'

/** Test-only: a module as GET /api/objects answers it. */
export function objectDetailFixture(overrides: Partial<ObjectDetail> = {}): ObjectDetail {
  return {
    ...objectFixture(),
    properties: {},
    config: { inputs: {}, alarms: {} },
    groups: [],
    regions: [],
    base_station: null,
    config_pending: null,
    ...overrides,
  }
}

export function outputRow(
  row: Partial<Output> & Pick<Output, 'id' | 'name' | 'id_object' | 'field_name'>,
): Output {
  return {
    description: '',
    kind: 'output',
    type: 'valve',
    properties: { flow: 0, area: 0 },
    id_water_source: null,
    groups: [],
    regions: [],
    ...row,
  }
}

/** A farm: a valve module (AM-411), a universal module (AM-600), a soil probe, two valves in a water source. */
export function defaultResources() {
  return {
    objects: [
      objectDetailFixture({ id: 1, name: 'Field valves', serial: 'VALVO-0001', last_device_model: 'AM-411' }),
      objectDetailFixture({ id: 2, name: 'Pump house', serial: 'UNI-0001', last_device_model: 'AM-600' }),
      objectDetailFixture({
        id: 3,
        name: 'Tomato probe',
        serial: 'TRIO-0001',
        last_device_model: 'AM-100-103',
      }),
    ],
    outputs: [
      outputRow({ id: 11, name: 'Valve north', id_object: 1, field_name: 'o1', id_water_source: 21 }),
      outputRow({ id: 12, name: 'Valve south', id_object: 1, field_name: 'o2' }),
      outputRow({ id: 13, name: 'Valve east', id_object: 1, field_name: 'o3' }),
      outputRow({
        id: 14,
        name: 'Rain gauge',
        id_object: 2,
        field_name: 'DI_USR_3',
        kind: 'counter_input',
        type: 'udometer',
        properties: { udo_units: 0, multiplier: 1, counter_type: 0 },
      }),
    ] as Output[],
    water_sources: [
      {
        id: 21,
        name: 'Main well',
        description: '',
        efficiency: 12,
        clean_outputs: [11],
        fertigated_outputs: [],
      },
    ] as WaterSource[],
    groups: [
      { id: 31, name: 'North valves', description: '', scope: 'outputs', elements: [11], element_count: 1 },
    ] as Group[],
    sections: [
      {
        id: 41,
        name: 'Tomatoes',
        type: 1,
        description: '',
        area: 0.5,
        flow: 3,
        id_water_source: 21,
        groups: [31],
        soil_type: 2,
        plant: 4,
      },
    ] as Section[],
    regions: [] as Region[],
    geo_objects: [] as GeoObject[],
    nextId: 100,
  }
}
export type FakeResources = ReturnType<typeof defaultResources>

/**
 * The resource API of issue 4 (outputs, water sources, groups, sections, regions, geo objects and
 * GET /api/objects) in memory, in front of the fake server: bodies checked with the domain schemas,
 * refusals worded in the request's language, usage answered as the contract says.
 */
export function withResources(server: FakeServer, resources: FakeResources = defaultResources()) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

  function usageOf(collection: string, id: number): { blocking: ResourceUse[]; warnings: ResourceUse[] } {
    const blocking: ResourceUse[] = []
    const warnings: ResourceUse[] = []
    if (collection === 'outputs') {
      for (const source of resources.water_sources)
        if (source.clean_outputs.includes(id) || source.fertigated_outputs.includes(id))
          blocking.push({ kind: 'water_source', id: source.id, name: source.name })
      for (const group of resources.groups)
        if (group.scope === 'outputs' && group.elements.includes(id))
          warnings.push({ kind: 'group', id: group.id, name: group.name })
    }
    if (collection === 'water_sources') {
      for (const section of resources.sections)
        if (section.id_water_source === id)
          warnings.push({ kind: 'section', id: section.id, name: section.name })
      for (const output of resources.outputs)
        if (output.id_water_source === id) warnings.push({ kind: 'output', id: output.id, name: output.name })
    }
    if (collection === 'groups')
      for (const section of resources.sections)
        if (section.groups.includes(id))
          warnings.push({ kind: 'section', id: section.id, name: section.name })
    return { blocking, warnings }
  }

  function detach(collection: string, id: number) {
    if (collection === 'outputs')
      resources.groups = resources.groups.map((group) =>
        group.scope === 'outputs' && group.elements.includes(id)
          ? {
              ...group,
              elements: group.elements.filter((element) => element !== id),
              element_count: group.element_count - 1,
            }
          : group,
      )
    if (collection === 'water_sources') {
      resources.sections = resources.sections.map((section) =>
        section.id_water_source === id ? { ...section, id_water_source: null } : section,
      )
      resources.outputs = resources.outputs.map((output) =>
        output.id_water_source === id ? { ...output, id_water_source: null } : output,
      )
    }
    if (collection === 'groups')
      resources.sections = resources.sections.map((section) => ({
        ...section,
        groups: section.groups.filter((group) => group !== id),
      }))
  }

  /** The stored row from a checked body. */
  function toRow(collection: string, id: number, data: Record<string, unknown>): Record<string, unknown> {
    if (collection === 'groups') {
      const elements = data.elements as number[]
      return { ...data, id, element_count: elements.length }
    }
    return { ...data, id }
  }

  const schemaFor = (collection: string, body: unknown): Schema | null => {
    switch (collection) {
      case 'outputs': {
        const idObject = (body as { id_object?: unknown } | null)?.id_object
        const object = resources.objects.find((candidate) => candidate.id === idObject)
        const model = object ? findModel(object.last_device_model) : undefined
        return model ? equipmentSchemaFor(model) : saveOutputSchema
      }
      case 'water_sources':
        return saveWaterSourceSchema
      case 'groups':
        return saveGroupSchema
      case 'sections':
        return saveSectionSchema
      case 'regions':
        return saveRegionSchema
      case 'geo_objects':
        return saveGeoObjectSchema
      default:
        return null
    }
  }

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input)
    const path = url.split('?')[0] ?? url
    const method = init?.method ?? 'GET'
    const match =
      /^\/api\/(objects|outputs|water_sources|groups|sections|regions|geo_objects)(?:\/(\d+))?(\/usage)?$/.exec(
        path,
      )
    if (!match) return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    server.state.calls.push({ method, path, body })
    if (method !== 'GET' && headers['csrf-token'] !== 'csrf-1') return server.fetch(input, init)
    const refuse = (status: number, code: string, params?: Record<string, string | number>) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`, params) })
    const failure = server.state.failures.get(`${method} ${path}`)
    if (failure) {
      server.state.failures.delete(`${method} ${path}`)
      return refuse(failure.status, failure.code)
    }

    const collection = match[1] as keyof Omit<FakeResources, 'nextId'>
    const id = match[2] === undefined ? null : Number(match[2])
    const rows = resources[collection] as unknown as { id: number }[]
    const row = id === null ? undefined : rows.find((candidate) => candidate.id === id)
    if (id !== null && !row) return refuse(404, 'not_found')

    if (match[3]) return json(200, usageOf(collection, id as number))
    if (method === 'GET') return json(200, row ?? rows)
    if (collection === 'objects') return refuse(404, 'not_found')

    if (method === 'DELETE' && id !== null) {
      const { blocking } = usageOf(collection, id)
      if (blocking.length > 0)
        return refuse(409, 'resource_in_use', { uses: blocking.map((use) => use.name).join(', ') })
      detach(collection, id)
      ;(resources[collection] as unknown as { id: number }[]) = rows.filter(
        (candidate) => candidate.id !== id,
      )
      return json(200, { ok: true })
    }

    const schema = schemaFor(collection, body)
    if (!schema) return refuse(404, 'not_found')
    const parsed = schema.safeParse(body)
    if (!parsed.success) return json(400, validationFailed(lang, parsed.error.issues))
    const data = parsed.data as Record<string, unknown>
    if (collection === 'outputs') {
      const taken = resources.outputs.some(
        (output) =>
          output.id_object === data.id_object && output.field_name === data.field_name && output.id !== id,
      )
      if (taken) return refuse(409, 'interface_taken')
    }
    if (method === 'POST' && id === null) {
      const created = toRow(collection, resources.nextId++, data)
      ;(resources[collection] as unknown as unknown[]) = [...rows, created]
      return json(201, created)
    }
    if (method === 'PUT' && id !== null) {
      const saved = { ...row, ...toRow(collection, id, data) }
      ;(resources[collection] as unknown as unknown[]) = rows.map((candidate) =>
        candidate.id === id ? saved : candidate,
      )
      return json(200, saved)
    }
    return refuse(404, 'not_found')
  }

  return { ...server, fetch, resources }
}
