import { z } from 'zod'
import { momentSchema } from '../input/dates'
import { singleLineText } from '../input/text'

/**
 * An alarm as `/api/alarms`, the `alarms` event and the history dialog carry it (spec 01 section 3).
 * `alarm_name` is `<field>_lt`, `<field>_gt` (the module's thresholds, and the battery, signal and
 * GSM defaults) or `no_data` (nothing for longer than the module's data delay).
 */
export const alarmRowSchema = z.object({
  id: z.number().int(),
  id_object: z.number().int(),
  object_name: z.string(),
  object_serial: z.string(),
  alarm_name: z.string(),
  field: z.string().nullable(),
  threshold: z.number().nullable(),
  value: z.number().nullable(),
  activation_date: z.string(),
  inactivation_date: z.string().nullable(),
  active: z.boolean(),
  confirmed: z.boolean(),
  confirmation_date: z.string().nullable(),
  confirmed_by: z.number().int().nullable(),
  confirmation_user_name: z.string().nullable(),
  deleted: z.boolean(),
  deletion_date: z.string().nullable(),
  deleted_by_name: z.string().nullable(),
  updated_at: z.string(),
})
export type AlarmRow = z.infer<typeof alarmRowSchema>

/** `base_alarms`: the account's alarm counts for the header badge. */
export const baseAlarmsSchema = z.object({ active: z.number().int(), unconfirmed: z.number().int() })
export type BaseAlarms = z.infer<typeof baseAlarmsSchema>

/** `POST /api/alarms/confirm_all`: how many alarms the call confirmed. */
export const confirmAllAlarmsAnswerSchema = z.object({ confirmed: z.number().int() })

/** `GET /api/alarms` filters; all rows come back (spec: tables show all rows). */
export const alarmListQuerySchema = z.object({
  state: z.enum(['all', 'active', 'unconfirmed', 'inactive', 'deleted']).default('all'),
  id_object: z.coerce.number().int().positive().optional(),
  from: momentSchema.optional(),
  to: momentSchema.optional(),
})
export type AlarmListQuery = z.input<typeof alarmListQuerySchema>

/** Web Push subscription a browser sends (`PushSubscription.toJSON()`). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: singleLineText().min(1).max(200), auth: singleLineText().min(1).max(100) }),
})
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>
