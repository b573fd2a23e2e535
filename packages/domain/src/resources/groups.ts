import { z } from 'zod'
import { idListSchema, resourceDescriptionSchema, resourceNameSchema } from './common'

export const groupScopes = ['objects', 'outputs'] as const
export type GroupScope = (typeof groupScopes)[number]

/** A group of modules (groupable models only) or of outputs; the element count is shown. */
export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  scope: z.enum(groupScopes),
  elements: z.array(z.number().int()),
  element_count: z.number().int(),
})
export type Group = z.infer<typeof groupSchema>

export const saveGroupSchema = z.object({
  name: resourceNameSchema,
  description: resourceDescriptionSchema,
  scope: z.enum(groupScopes, { error: 'errors.field_required' }),
  elements: idListSchema.default([]),
})
export type SaveGroup = z.input<typeof saveGroupSchema>
