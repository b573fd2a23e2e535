import type { FormSchema } from '../../lib/use-schema-form'

type Issue = { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] }
type Result = { issues?: readonly Issue[] } | { value: unknown; issues?: undefined }

function issuesOf(schema: FormSchema, values: unknown, prefix: readonly PropertyKey[]): Issue[] {
  const result = schema['~standard'].validate(values) as Result
  if (result instanceof Promise) throw new Error('form schemas are synchronous')
  return (result.issues ?? []).map((issue) => ({ ...issue, path: [...prefix, ...(issue.path ?? [])] }))
}

export interface SchemaPart {
  schema: FormSchema
  /** Where in the values this schema looks (`properties`); the whole values when absent. */
  at?: string
}

/**
 * Several shared schemas as one form check, on values turned into the request body first: the
 * generic create/update schema and the model-specific one (`propertiesSchema`,
 * `objectSettingsSchemaFor`) that the server applies after it. An issue a path already has is not repeated.
 */
export function combinedSchema(
  parts: readonly SchemaPart[],
  toInput: (values: Record<string, unknown>) => Record<string, unknown>,
): FormSchema {
  const first = parts[0]
  if (!first) throw new Error('no schema')
  return {
    '~standard': {
      ...first.schema['~standard'],
      validate: (raw) => {
        const values = toInput(raw as Record<string, unknown>)
        const seen = new Set<string>()
        const issues: Issue[] = []
        for (const { schema, at } of parts) {
          const found = at ? issuesOf(schema, values[at], [at]) : issuesOf(schema, values, [])
          for (const issue of found) {
            const key = (issue.path ?? [])
              .map((part) => String(typeof part === 'object' ? part.key : part))
              .join('.')
            if (seen.has(key)) continue
            seen.add(key)
            issues.push(issue)
          }
        }
        return issues.length > 0 ? { issues } : { value: values }
      },
    },
  } as FormSchema
}

/** Form location (two numbers or empty) as the schemas take it: null when both are empty. */
export interface LocationValues {
  lat: number | null
  lng: number | null
}
export function locationInput(location: LocationValues): { lat: number | null; lng: number | null } | null {
  return location.lat === null && location.lng === null ? null : location
}
