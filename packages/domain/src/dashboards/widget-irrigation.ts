import { z } from 'zod'
import { socketFailureSchema } from '../realtime/events'
import { idListSchema } from '../resources/common'

/**
 * `widget_irrigation` (spec 01 section 7): the irrigation state the system state and manual
 * control widgets show, asked for on the socket with an acknowledgement. `outputs` narrows the
 * answer to those outputs of the account (empty: all of them); another account's ids are left out.
 */
export const widgetIrrigationRequestSchema = z.object({
  outputs: idListSchema.default([]),
})
export type WidgetIrrigationRequest = z.input<typeof widgetIrrigationRequestSchema>

/** What holds an output open now: a manual opening or a running output plan of a schedule. */
export const widgetOutputStateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  id_object: z.number().int(),
  kind: z.string(),
  open: z.boolean(),
  source: z.enum(['manual', 'plan']).nullable(),
  /** UTC; null while open until closed, or when closed. */
  close_at: z.string().nullable(),
  id_schedule: z.number().int().nullable(),
})
export type WidgetOutputState = z.infer<typeof widgetOutputStateSchema>

export const widgetIrrigationAckSchema = z.union([
  z.object({ ok: z.literal(true), outputs: z.array(widgetOutputStateSchema) }),
  socketFailureSchema,
])
export type WidgetIrrigationAck = z.infer<typeof widgetIrrigationAckSchema>
