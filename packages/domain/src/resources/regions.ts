import { z } from 'zod'
import { polygonProblem } from '../geo/geodesic'
import {
  idListSchema,
  locationSchema,
  markerSchema,
  resourceDescriptionSchema,
  resourceNameSchema,
} from './common'

/** A map region: a polygon of at least three points, and the modules assigned to it. */
export const regionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  points: z.array(locationSchema),
  objects: z.array(z.number().int()),
})
export type Region = z.infer<typeof regionSchema>

export const saveRegionSchema = z.object({
  name: resourceNameSchema,
  description: resourceDescriptionSchema,
  points: z
    .array(locationSchema)
    .min(3, { error: 'errors.region_too_few_points' })
    .max(500, { error: 'errors.too_long' })
    // Three distinct points enclosing some area, edges not crossing (a bow tie has no area to irrigate).
    .check((ctx) => {
      // Only a list of valid points has a shape to judge.
      if (ctx.value.length < 3 || ctx.issues.length > 0) return
      const problem = polygonProblem(ctx.value)
      if (problem)
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message:
            problem === 'self_intersecting'
              ? 'errors.region_self_intersecting'
              : 'errors.region_too_few_points',
        })
    }),
  objects: idListSchema.default([]),
})
export type SaveRegion = z.input<typeof saveRegionSchema>

/** A point of interest on the map: a well, a shed, a gate. */
export const geoObjectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  marker: z.number().int(),
  location: locationSchema,
})
export type GeoObject = z.infer<typeof geoObjectSchema>

export const saveGeoObjectSchema = z.object({
  name: resourceNameSchema,
  description: resourceDescriptionSchema,
  marker: markerSchema.default(1),
  location: locationSchema,
})
export type SaveGeoObject = z.input<typeof saveGeoObjectSchema>
