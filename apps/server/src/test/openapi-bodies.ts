/**
 * Request bodies built from the served OpenAPI document (integration tests only): a plausible
 * value for a declared JSON schema, and the places in it where a string goes.
 */

export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  format?: string
  pattern?: string
  minimum?: number
  minItems?: number
  nullable?: boolean
  additionalProperties?: boolean | JsonSchema
}

export type FieldPath = (string | number)[]

/**
 * A string leaf of a schema: where it is, and whether it sits in one branch of a union (a body
 * built for another branch drops it, so its refusal cannot be expected).
 */
export interface StringField {
  path: FieldPath
  schema: JsonSchema
  inUnion: boolean
}

function branches(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? schema.allOf ?? [schema]
}

/** Every string the schema lets a client send, nested objects and array items included. */
export function stringFields(
  schema: JsonSchema | undefined,
  path: FieldPath = [],
  inUnion = false,
): StringField[] {
  if (!schema) return []
  if (schema.anyOf || schema.oneOf || schema.allOf) {
    const options = branches(schema).filter((branch) => branch.type !== 'null')
    const fields = options.flatMap((branch) => stringFields(branch, path, inUnion || options.length > 1))
    const seen = new Set<string>()
    return fields.filter((field) => {
      const key = JSON.stringify(field.path)
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
  if (schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string')))
    return [{ path, schema, inUnion }]
  if (schema.type === 'array' && schema.items) return stringFields(schema.items, [...path, 0], inUnion)
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([key, property]) =>
      stringFields(property, [...path, key], inUnion),
    )
  return []
}

/** A value the schema accepts as far as its shape goes (ids may point at nothing). */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  if (schema.anyOf || schema.oneOf) return sampleOf(branches(schema).find((branch) => branch.type !== 'null'))
  if (schema.default !== undefined) return schema.default
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'date-time') return '2030-01-01T06:00:00Z'
      if (schema.format === 'date') return '2030-01-01'
      if (schema.format === 'uri') return 'https://push.example.com/endpoint'
      if (schema.format === 'email') return 'someone@example.com'
      return 'Sample'
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return false
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items))
    case 'object': {
      const body: Record<string, unknown> = {}
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key)) body[key] = sampleOf(property)
      }
      return body
    }
    default:
      return undefined
  }
}

/** A copy of `base` with `value` at `path`, making the objects and arrays on the way. */
export function withValueAt(base: unknown, path: FieldPath, value: unknown): unknown {
  if (path.length === 0) return value
  const [head, ...rest] = path
  if (typeof head === 'number') {
    const list = Array.isArray(base) ? [...base] : []
    list[head] = withValueAt(list[head], rest, value)
    return list
  }
  const object = base && typeof base === 'object' && !Array.isArray(base) ? base : {}
  ;(object as Record<string, unknown>)[head!] = withValueAt(
    (object as Record<string, unknown>)[head!],
    rest,
    value,
  )
  return object
}
