import { z } from 'zod'
import { singleLineText } from '../input/text'
import type { PropertyDefinition } from './types'

export type PropertyValues = Record<string, number | string | null>

function propertySchema(definition: PropertyDefinition): z.ZodType<number | string | null> {
  switch (definition.kind) {
    case 'text':
      return singleLineText().trim().max(definition.maxLength, { error: 'errors.too_long' })
    case 'choice':
      return z
        .number({ error: 'errors.field_required' })
        .refine((value) => definition.choices.includes(value), { error: 'errors.choice_invalid' })
    case 'number': {
      let schema = z.number({ error: 'errors.field_required' })
      if (definition.min !== undefined) schema = schema.min(definition.min, { error: 'errors.too_small' })
      if (definition.max !== undefined) schema = schema.max(definition.max, { error: 'errors.too_big' })
      return (definition.nullable ?? definition.default === null) ? schema.nullable() : schema
    }
  }
}

/**
 * The zod schema of a property list: every listed property, each within its bounds, missing ones
 * taking their defaults, unknown names refused. The browser and the server validate with it.
 */
export function propertiesSchema(definitions: readonly PropertyDefinition[]) {
  const shape: Record<string, z.ZodType> = {}
  for (const definition of definitions)
    shape[definition.name] = propertySchema(definition).default(definition.default)
  return z.strictObject(shape) as unknown as z.ZodType<PropertyValues, Partial<PropertyValues>>
}

export function defaultProperties(definitions: readonly PropertyDefinition[]): PropertyValues {
  return Object.fromEntries(definitions.map((definition) => [definition.name, definition.default]))
}
