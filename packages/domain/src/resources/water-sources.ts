import { z } from 'zod'
import { idListSchema, nonNegativeSchema, resourceDescriptionSchema, resourceNameSchema } from './common'

/** A water source: the outputs that deliver clean and fertigated water, and its efficiency in m³/h. */
export const waterSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  efficiency: z.number(),
  clean_outputs: z.array(z.number().int()),
  fertigated_outputs: z.array(z.number().int()),
})
export type WaterSource = z.infer<typeof waterSourceSchema>

export const saveWaterSourceSchema = z
  .object({
    name: resourceNameSchema,
    description: resourceDescriptionSchema,
    efficiency: nonNegativeSchema,
    clean_outputs: idListSchema.min(1, { error: 'errors.water_source_needs_output' }),
    fertigated_outputs: idListSchema.default([]),
  })
  .superRefine((source, context) => {
    const clean = new Set(source.clean_outputs)
    if (source.fertigated_outputs.some((id) => clean.has(id)))
      context.addIssue({ code: 'custom', path: ['fertigated_outputs'], message: 'errors.output_twice' })
  })
export type SaveWaterSource = z.input<typeof saveWaterSourceSchema>
