import { z } from 'zod'
import { profileChoicesShape } from '../accounts/profile'
import { supportAccessSchema } from '../audit/audit-log'
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

/**
 * The logged-in user. `id_client`, `client_name` and `type` are those of the client account the
 * session currently works in (see `assignedClients`): `type` is the user's type IN that account,
 * so the browser hides what it does not allow (admin when below 2, adminus when 0).
 */
export const meUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  family_name: z.string(),
  type: userTypeSchema,
  id_client: z.number().int(),
  client_name: z.string(),
  /** The farm's (current client account's) time zone: schedules, plans and calendar days count in it. */
  client_time_zone: z.string(),
  lang: languageSchema.nullable(),
  time_zone: z.string().nullable(),
  date_format: z.string(),
  temperature_unit: z.enum(['C', 'F']),
  area_unit: z.enum(['ha', 'm2', 'ac']),
  phone: z.string(),
  description: z.string(),
  ...profileChoicesShape,
  invited: z.boolean(),
})
export type MeUser = z.infer<typeof meUserSchema>

/** A client account the user may work in (`switch_client`), with the user's type in it. */
export const assignedClientSchema = z.object({ id: z.number().int(), name: z.string(), type: userTypeSchema })
export type AssignedClient = z.infer<typeof assignedClientSchema>

/** `GET /api/me` (spec 01 section 7). */
export const meResponseSchema = z.object({
  user: meUserSchema,
  objects: z.array(objectSummarySchema),
  outputsOpenings: z.array(z.unknown()),
  unreadMessages: z.number().int(),
  assignedClients: z.array(assignedClientSchema),
  components: z.array(z.unknown()),
  /** Only while an operator works in this account on support access (the banner and its way back). */
  support: supportAccessSchema.optional(),
})
export type MeResponse = z.infer<typeof meResponseSchema>
