import { z } from 'zod'
import {
  idListSchema,
  idSchema,
  nonNegativeSchema,
  resourceDescriptionSchema,
  resourceNameSchema,
} from './common'

/** Soil types 1 to 4 and plants 1 to 17 (spec 01 section 3, option lists); names in @kropla/i18n. */
export const sectionSoilTypes = [1, 2, 3, 4] as const
export const sectionPlants = Array.from({ length: 17 }, (_, index) => index + 1)
/** 0 open field, 1 greenhouse, 2 tunnel; names in @kropla/i18n `sections.types`. */
export const sectionTypes = [0, 1, 2] as const

/** An irrigation zone: its area (ha), flow (m³/h), water source and groups of outputs. */
export const sectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  description: z.string(),
  area: z.number(),
  flow: z.number(),
  id_water_source: z.number().int().nullable(),
  groups: z.array(z.number().int()),
  soil_type: z.number().int().nullable(),
  plant: z.number().int().nullable(),
})
export type Section = z.infer<typeof sectionSchema>

const oneOf = (values: readonly number[]) =>
  z
    .number()
    .int()
    .refine((value) => values.includes(value), { error: 'errors.choice_invalid' })

export const saveSectionSchema = z.object({
  name: resourceNameSchema,
  type: oneOf(sectionTypes).default(0),
  description: resourceDescriptionSchema,
  area: nonNegativeSchema,
  flow: nonNegativeSchema,
  id_water_source: idSchema.nullable().default(null),
  groups: idListSchema.default([]),
  soil_type: oneOf(sectionSoilTypes).nullable().default(null),
  plant: oneOf(sectionPlants).nullable().default(null),
})
export type SaveSection = z.input<typeof saveSectionSchema>
