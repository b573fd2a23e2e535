import { z } from 'zod'
import { momentSchema } from '../input/dates'
import { singleLineText } from '../input/text'
import { idSchema } from '../resources/common'
import { outputPlanRowSchema, outputRefSchema } from './output-plan-row'
import { planRoles } from './statuses'

export const outputNameSchema = z.enum(['o1', 'o2', 'o3', 'o4'])
/** One output's order in `down/cmd`: `minutes` null = until told otherwise (device protocol). */
export const outputOrderSchema = z.object({
  on: z.boolean(),
  minutes: z.number().int().min(1, { error: 'errors.manual_minutes_invalid' }).max(1440).nullable(),
})
export type OutputOrder = z.infer<typeof outputOrderSchema>

/** Socket request `command` (spec 01 section 7). */
export const commandRequestSchema = z.object({
  type: z.literal('set_output').default('set_output'),
  id_object: idSchema,
  outputs: z
    .partialRecord(outputNameSchema, outputOrderSchema)
    .refine((outputs) => Object.keys(outputs).length > 0, {
      error: 'errors.bad_request',
    }),
})
export type CommandRequest = z.input<typeof commandRequestSchema>

/** 'Manual opening minutes must be a number above 0'; null = permanent. */
export const manualMinutesSchema = z
  .number({ error: 'errors.manual_minutes_invalid' })
  .int({ error: 'errors.manual_minutes_invalid' })
  .min(1, { error: 'errors.manual_minutes_invalid' })
  .max(1440, { error: 'errors.schedule_too_long' })
  .nullable()

/** `manual_schedule`: open one output (timed or permanent), or stop its manual opening (`on` false). */
export const manualScheduleSchema = z.object({
  id_output: idSchema,
  on: z.boolean(),
  minutes: manualMinutesSchema.default(null),
})
/** `manual_group_schedule`: the same for every output of a group of outputs. */
export const manualGroupScheduleSchema = z.object({
  id_group: idSchema,
  on: z.boolean(),
  minutes: manualMinutesSchema.default(null),
})
/**
 * `manual_schedule_new`: a one-off manual schedule (type 0): the outputs open one after another,
 * each for its minutes, from `start_at` (now when null).
 */
export const manualScheduleNewSchema = z.object({
  name: singleLineText().trim().max(64).default(''),
  start_at: momentSchema.nullable().default(null),
  elements: z
    .array(
      z.object({
        id_output: idSchema,
        minutes: z
          .number({ error: 'errors.manual_minutes_invalid' })
          .int()
          .min(1, { error: 'errors.manual_minutes_invalid' })
          .max(1440),
      }),
    )
    .min(1, { error: 'errors.schedule_no_elements' })
    .max(30, { error: 'errors.schedule_too_many_cycles' }),
})

/** A command to a module (`GET /api/commands`, the `commands_history` event). */
export const commandRowSchema = z.object({
  id: z.string(),
  id_object: z.number().int(),
  type: z.literal('set_output'),
  outputs: z.partialRecord(outputNameSchema, outputOrderSchema),
  source: z.enum(['user', 'manual', 'plan']),
  status: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  acked_at: z.string().nullable(),
})
export type CommandRow = z.infer<typeof commandRowSchema>

/** A manual opening still tracked (`GET /api/manual_opens`, the `manual_opens` event). */
export const manualOpenRowSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  minutes: z.number().int().nullable(),
  open_at: z.string(),
  close_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  error: z.string().nullable(),
  Output: outputRefSchema,
})
export type ManualOpenRow = z.infer<typeof manualOpenRowSchema>

/** `GET /api/schedulers/sch_history` (spec 02 section 7). */
export const scheduleHistorySchema = z.object({
  dates: z.object({ d0: z.string(), d1: z.string() }),
  Scheduler_outputs_plans: z.array(outputPlanRowSchema),
  Scheduler_sources_plans: z.array(outputPlanRowSchema),
})
export type ScheduleHistory = z.infer<typeof scheduleHistorySchema>

/** One opening the preview shows (`POST /api/schedulers/preview`), before anything is saved. */
export const previewRunSchema = z.object({
  id_output: z.number(),
  output_name: z.string(),
  role: z.enum(planRoles),
  element_index: z.number().nullable(),
  cycle: z.number(),
  open_at: z.string(),
  duration: z.number(),
  fertigation: z.boolean(),
})
export type PreviewRun = z.infer<typeof previewRunSchema>

export const schedulePreviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  runs: z.array(previewRunSchema),
  /** Warning keys (`schedules.warnings.*`): start passed today, slider, 5-minute lead. */
  warnings: z.array(z.string()),
})
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>
