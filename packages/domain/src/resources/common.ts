import { z } from 'zod'
import { multiLineText, singleLineText } from '../input/text'

/** A row id of a serial (int4) key: the largest is 2^31 - 1. */
const maxSerialId = 2_147_483_647
export const idSchema = z.number().int().positive().max(maxSerialId)
export const idListSchema = z.array(idSchema).max(1000)
/** An id as it arrives in a path or a query string (`/api/objects/17`), coerced from text. */
export const pathIdSchema = z.coerce.number().int().positive().max(maxSerialId)
/** The `:id` path parameter of every route that names one row of a serial key. */
export const idParamsSchema = z.object({ id: pathIdSchema })
/** The `:id` of a bigserial (int8) key, such as alarms': up to the largest exact JSON integer. */
export const bigIdParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

export const resourceNameSchema = singleLineText({ error: 'errors.field_required' })
  .trim()
  .min(1, { error: 'errors.field_required' })
  .max(64, { error: 'errors.too_long' })
export const resourceDescriptionSchema = multiLineText()
  .trim()
  .max(500, { error: 'errors.too_long' })
  .default('')

/** A non-negative quantity: flow m³/h, area ha, efficiency m³/h (spec 02 section 5: at least 0). */
export const nonNegativeSchema = z
  .number({ error: 'errors.field_required' })
  .min(0, { error: 'errors.too_small' })
  .max(1_000_000, { error: 'errors.too_big' })

export const locationSchema = z.object(
  {
    lng: z
      .number({ error: 'errors.field_required' })
      .min(-180, { error: 'errors.too_small' })
      .max(180, { error: 'errors.too_big' }),
    lat: z
      .number({ error: 'errors.field_required' })
      .min(-90, { error: 'errors.too_small' })
      .max(90, { error: 'errors.too_big' }),
  },
  // A missing location is a required field, not zod's own wording.
  { error: 'errors.field_required' },
)
export type Location = z.infer<typeof locationSchema>

/** Marker of a module or geo object: 0 none, 1 to 4 pin icons (spec 01 section 3). */
export const markerSchema = z
  .number()
  .int()
  .min(0, { error: 'errors.choice_invalid' })
  .max(4, { error: 'errors.choice_invalid' })

/** What keeps a resource in use; `blocking` ones refuse removal, the others only warn (spec 01 section 5). */
export const resourceUsageKinds = [
  'water_source',
  'section',
  'group',
  'region',
  'output',
  'schedule',
  'manual_open',
] as const
export const resourceUseSchema = z.object({
  kind: z.enum(resourceUsageKinds),
  id: z.number().int(),
  name: z.string(),
})
export type ResourceUse = z.infer<typeof resourceUseSchema>

export const resourceUsageSchema = z.object({
  /** Removal is refused while any of these hold the resource. */
  blocking: z.array(resourceUseSchema),
  /** Removal detaches the resource from these; the browser asks first. */
  warnings: z.array(resourceUseSchema),
})
export type ResourceUsage = z.infer<typeof resourceUsageSchema>
