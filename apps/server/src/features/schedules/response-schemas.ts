import { outputPlanRowSchema, planRoles } from '@kropla/domain'
import { z } from 'zod'

/**
 * The answers of the schedules API for the API document and the serializer; their TypeScript
 * twins are the domain's ScheduleRow, OutputPlanRow, ScheduleHistory and SchedulePreview.
 */
const moment = z.string()

export const scheduleRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  priority: z.union([z.literal(0), z.literal(1)]),
  begin_date: z.string(),
  expiration_date: z.string().nullable(),
  /** As saved: the domain's scheduleDefinitionSchema. */
  definition: z.record(z.string(), z.unknown()),
  time_zone: z.string(),
  paused_from: moment.nullable(),
  paused_until: moment.nullable(),
  ended_at: moment.nullable(),
  hidden: z.boolean(),
  state: z.enum(['active', 'paused', 'ended', 'expired', 'not_started']),
  next_run: moment.nullable(),
  created_at: moment,
  updated_at: moment,
})

/** The domain's: the browser parses the calendar's rows with the same schema. */
export { outputPlanRowSchema }

export const scheduleHistorySchema = z.object({
  dates: z.object({ d0: z.string(), d1: z.string() }),
  Scheduler_outputs_plans: z.array(outputPlanRowSchema),
  Scheduler_sources_plans: z.array(outputPlanRowSchema),
})

export const schedulePreviewSchema = z.object({
  from: moment,
  to: moment,
  runs: z.array(
    z.object({
      id_output: z.number(),
      output_name: z.string(),
      role: z.enum(planRoles),
      element_index: z.number().nullable(),
      cycle: z.number(),
      open_at: moment,
      duration: z.number(),
      fertigation: z.boolean(),
    }),
  ),
  warnings: z.array(z.string()),
})
