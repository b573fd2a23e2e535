import { z } from 'zod'
import { momentSchema } from '../input/dates'

/**
 * The audit log (issue 15 item 2): one entry per row written, or per support-access switch. Shown
 * to the operator under /admin/adminus/logs (every account) and to an account admin in settings
 * (their own account only).
 */

/** What happened: a row inserted, updated or deleted, or an operator switching into or out of an account. */
export const auditActions = [
  'insert',
  'update',
  'delete',
  'switch_in',
  'switch_out',
  'login',
  'login_failed',
  'logout',
  'logout_forced',
] as const
export type AuditAction = (typeof auditActions)[number]

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The client account the change belongs to; null for the operator's system-wide rows. */
  id_client: z.number().int().nullable(),
  client_name: z.string().nullable(),
  /** Who: null for the system (devices, the plan runner, timers) or an anonymous request. */
  actor_user: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  /** The actor's own client account: an operator on support access acts on behalf of `id_client`. */
  actor_client: z.number().int().nullable(),
  actor_client_name: z.string().nullable(),
  support: z.boolean(),
  ip: z.string().nullable(),
  via: z.string(),
  action: z.string(),
  /** The table written, or `support` for a switch. */
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** Changed columns before and after an update; the whole row of an insert (after) or delete (before). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** At most this many entries, newest first, in one answer: narrow the filters to see older ones. */
export const auditLogLimit = 10_000

export const auditLogAnswerSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** More entries matched than `auditLogLimit`. */
  truncated: z.boolean(),
})
export type AuditLogAnswer = z.infer<typeof auditLogAnswerSchema>

const idFilter = z.coerce.number().int().positive().max(2_147_483_647)

/** Filters of `GET /api/audit_log` (the account's own) and `GET /api/admin/audit_log` (id_client: the operator's). */
export const auditLogQuerySchema = z.object({
  id_client: idFilter.optional(),
  id_user: idFilter.optional(),
  /** The kind of entry: a table name (`schedules`) or `support`. */
  entity: z
    .string()
    .max(64)
    .regex(/^[a-z_]+$/, { error: 'errors.choice_invalid' })
    .optional(),
  from: momentSchema.optional(),
  to: momentSchema.optional(),
})
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>

/** What the filters offer: the accounts, users and kinds that appear. */
export const auditLogFiltersSchema = z.object({
  clients: z.array(z.object({ id: z.number().int(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), email: z.string(), id_client: z.number().int() })),
  entities: z.array(z.string()),
})
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>

/** The operator's support access (`switch_client` with a reason), as /api/me tells the banner. */
export const supportAccessSchema = z.object({
  reason: z.string(),
  /** The operator's own client account: where "back" switches to. */
  home_client: z.number().int(),
})
export type SupportAccess = z.infer<typeof supportAccessSchema>
