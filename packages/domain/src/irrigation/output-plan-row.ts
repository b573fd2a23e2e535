import { z } from 'zod'
import { planRoles } from './statuses'

const moment = z.string()

/** The output a plan or a manual opening is for. */
export const outputRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  id_object: z.number().int(),
  field_name: z.string(),
})
export type OutputRef = z.infer<typeof outputRefSchema>

/**
 * An output plan (spec 01 section 3) as the calendar, the busy state, `outputs_plans` and
 * `sch_history` carry it. `forecast: true` marks a run the calendar shows beyond the planner's
 * horizon (`GET /api/outputs_plans/forecast`): expanded like the planner would, not stored yet, so
 * its `id` is a negative number unique in its answer only. Stored plans never carry the field.
 */
export const outputPlanRowSchema = z.object({
  id: z.number(),
  id_schedule: z.number().nullable(),
  id_output: z.number(),
  role: z.enum(planRoles),
  id_water_source: z.number().nullable(),
  element_index: z.number().nullable(),
  cycle: z.number(),
  planned_at: moment,
  open_at: moment,
  duration: z.number(),
  fertigation: z.boolean(),
  status: z.number(),
  confirmed_state: z.number().nullable(),
  fertigation_confirm_state: z.number().nullable(),
  manual_status: z.number().nullable(),
  error: z.string().nullable(),
  Scheduler: z
    .object({ id: z.number(), name: z.string(), type: z.number(), deleted_at: moment.nullable() })
    .nullable(),
  Output: outputRefSchema,
  forecast: z.literal(true).optional(),
})
export type OutputPlanRow = z.infer<typeof outputPlanRowSchema>
export const outputPlanRowsSchema = z.array(outputPlanRowSchema)

/**
 * The run a plan stands for: the planner's unique key (schedule, output, role, nominal time), so a
 * forecast run and the stored plan the planner later makes of it are known to be the same run.
 */
export const planRunKey = (plan: Pick<OutputPlanRow, 'id_schedule' | 'id_output' | 'role' | 'planned_at'>) =>
  `${plan.id_schedule}|${plan.id_output}|${plan.role}|${Date.parse(plan.planned_at)}`
