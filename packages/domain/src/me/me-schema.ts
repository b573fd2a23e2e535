import { z } from 'zod'
import { languageSchema, userTypeSchema } from '../auth/schemas'

export const latestValueSchema = z.object({
  value: z.number().nullable(),
  dtimestamp: z.string(),
  previous: z.object({ value: z.number().nullable(), dtimestamp: z.string() }).nullable(),
})
export type LatestValue = z.infer<typeof latestValueSchema>

export const objectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  last_device_model: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
  marker: z.number().int().min(0).max(4),
  location: z.object({ lng: z.number(), lat: z.number() }).nullable(),
  firmware: z.string().nullable(),
  created_at: z.string(),
  last_data_at: z.string().nullable(),
  connection: z.union([z.literal(0), z.literal(1)]),
  latest: z.record(z.string(), latestValueSchema),
})
export type ObjectSummary = z.infer<typeof objectSummarySchema>

export const meUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  family_name: z.string(),
  type: userTypeSchema,
  id_client: z.number().int(),
  client_name: z.string(),
  lang: languageSchema.nullable(),
  time_zone: z.string().nullable(),
  date_format: z.string(),
  temperature_unit: z.enum(['C', 'F']),
  area_unit: z.enum(['ha', 'm2', 'ac']),
  hide_splash: z.boolean(),
})
export type MeUser = z.infer<typeof meUserSchema>

/** `GET /api/me` (spec 01 section 7). */
export const meResponseSchema = z.object({
  user: meUserSchema,
  objects: z.array(objectSummarySchema),
  outputsOpenings: z.array(z.unknown()),
  unreadMessages: z.number().int(),
  assignedClients: z.array(z.object({ id: z.number().int(), name: z.string() })),
  components: z.array(z.unknown()),
})
export type MeResponse = z.infer<typeof meResponseSchema>
