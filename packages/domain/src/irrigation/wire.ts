import { z } from 'zod'
import { momentSchema } from '../input/dates'
import { singleLineText } from '../input/text'
import { idSchema } from '../resources/common'
import type { OutputPlanRow } from './output-plan-row'
import type { PlanRole } from './statuses'

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

export interface CommandRow {
  id: string
  id_object: number
  type: 'set_output'
  outputs: Partial<Record<'o1' | 'o2' | 'o3' | 'o4', z.infer<typeof outputOrderSchema>>>
  source: 'user' | 'manual' | 'plan'
  status: number
  error: string | null
  created_at: string
  sent_at: string | null
  acked_at: string | null
}

export interface OutputRef {
  id: number
  name: string
  id_object: number
  field_name: string
}

export interface ManualOpenRow {
  id: number
  status: number
  minutes: number | null
  open_at: string
  close_at: string | null
  closed_at: string | null
  error: string | null
  Output: OutputRef
}

/** `GET /api/schedulers/sch_history` (spec 02 section 7). */
export interface ScheduleHistory {
  dates: { d0: string; d1: string }
  Scheduler_outputs_plans: OutputPlanRow[]
  Scheduler_sources_plans: OutputPlanRow[]
}

/** One opening the preview shows (`POST /api/schedulers/preview`), before anything is saved. */
export interface PreviewRun {
  id_output: number
  output_name: string
  role: PlanRole
  element_index: number | null
  cycle: number
  open_at: string
  duration: number
  fertigation: boolean
}
export interface SchedulePreview {
  from: string
  to: string
  runs: PreviewRun[]
  /** Warning keys (`schedules.warnings.*`): start passed today, slider, 5-minute lead. */
  warnings: string[]
}
