import { z } from 'zod'
import { calendarDaySchema, momentSchema } from '../input/dates'
import { singleLineText } from '../input/text'
import { idSchema, resourceNameSchema } from '../resources/common'

/**
 * Schedule types (spec 01 section 3). 0 is a one-off manual schedule (`manual_schedule_new`);
 * above 0 automatic. Within a cycle, sequential elements run one after another, simultaneous ones
 * open together; an interval schedule runs its elements one after another and starts each next
 * cycle `every_minutes` after the previous cycle ENDED (a rest between pulses), where the others
 * count from cycle START to cycle START. Control variants drive non-irrigating outputs (lights,
 * pumps, relays): same timing, no water source and no fertigation.
 */
export const scheduleTypes = {
  manual: 0,
  sequential: 1,
  simultaneous: 2,
  interval: 3,
  control_sequential: 4,
  control_simultaneous: 5,
  control_interval: 6,
} as const
export type ScheduleTypeName = keyof typeof scheduleTypes
export type ScheduleType = (typeof scheduleTypes)[ScheduleTypeName]
export const automaticScheduleTypes = [1, 2, 3, 4, 5, 6] as const

export const isControlType = (type: number) => type >= 4
/** How a cycle's elements are laid out in time. */
export const elementLayout = (type: number): 'sequential' | 'simultaneous' =>
  type === scheduleTypes.simultaneous || type === scheduleTypes.control_simultaneous
    ? 'simultaneous'
    : 'sequential'
export const isIntervalType = (type: number) =>
  type === scheduleTypes.interval || type === scheduleTypes.control_interval

/** 0 standard, 1 higher: a higher-priority run goes first and the other waits. */
export const schedulePriorities = { standard: 0, higher: 1 } as const

/** Spec 01 sections 5 and 9. */
export const scheduleLimits = {
  /** Number of cycles times number of elements. */
  maxCycleElementRuns: 30,
  /** Total irrigation or launch time of one day. */
  maxTotalMinutes: 1440,
  /** The interval between cycles has a minimum; the spec does not show it, we take 1 minute. */
  minCycleIntervalMinutes: 1,
  /** The schedule should be saved at least this long before its first start. */
  recommendedLeadMinutes: 5,
  maxCycles: 30,
  maxElements: 30,
  maxConditions: 5,
} as const

const required = { error: 'errors.field_required' }

/** `HH:mm`, 00:00 to 23:59, in the schedule's time zone. */
export const timeOfDaySchema = z
  .string(required)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'errors.time_invalid' })
/** `YYYY-MM-DD`, a calendar day in the schedule's time zone (the shared day rule: real, in the app's years). */
export const calendarDateSchema = calendarDaySchema

/** Given ISO weekdays (1 Monday … 7 Sunday), or every N days counted from the begin date. */
export const scheduleRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('weekdays'),
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1, { error: 'errors.schedule_no_days' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: 'errors.schedule_no_days' }),
  }),
  z.object({
    kind: z.literal('every_n_days'),
    n: z.number(required).int().min(1, { error: 'errors.too_small' }).max(365, { error: 'errors.too_big' }),
  }),
])
export type ScheduleRule = z.infer<typeof scheduleRuleSchema>

/**
 * When the cycles of a day start: from `start_time` every `every_minutes` (`count` cycles), or at
 * explicit hours (one cycle per hour given). Interval schedules take only `every`.
 */
export const cycleStartsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('every'),
    start_time: timeOfDaySchema,
    count: z.number(required).int().min(1, { error: 'errors.too_small' }).max(scheduleLimits.maxCycles, {
      error: 'errors.schedule_too_many_cycles',
    }),
    every_minutes: z
      .number(required)
      .int()
      .min(scheduleLimits.minCycleIntervalMinutes, { error: 'errors.schedule_interval_too_short' })
      .max(1440, { error: 'errors.too_big' }),
  }),
  z.object({
    kind: z.literal('hours'),
    times: z.array(timeOfDaySchema).min(1, required).max(scheduleLimits.maxCycles, {
      error: 'errors.schedule_too_many_cycles',
    }),
  }),
])
export type CycleStarts = z.infer<typeof cycleStartsSchema>

/**
 * What a schedule waters or drives: a section (its output groups), one output, or a group of
 * outputs. `percent` is the element's slider: its time is the cycle length times percent / 100,
 * rounded to whole minutes; 0 skips it.
 */
export const scheduleElementSchema = z.object({
  kind: z.enum(['section', 'output', 'group']),
  id: idSchema,
  percent: z
    .number(required)
    .int()
    .min(0, { error: 'errors.too_small' })
    .max(200, { error: 'errors.too_big' })
    .default(100),
})
export type ScheduleElement = z.infer<typeof scheduleElementSchema>

export const fertigationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({
    kind: z.literal('every_n_days'),
    n: z.number(required).int().min(1, { error: 'errors.too_small' }).max(365, { error: 'errors.too_big' }),
  }),
  z.object({
    kind: z.literal('every_n_cycles'),
    n: z
      .number(required)
      .int()
      .min(1, { error: 'errors.too_small' })
      .max(scheduleLimits.maxCycles, { error: 'errors.too_big' }),
  }),
  /** Cycle numbers counted from 1 within the day. */
  z.object({
    kind: z.literal('cycles'),
    cycles: z
      .array(
        z
          .number()
          .int()
          .min(1, { error: 'errors.too_small' })
          .max(scheduleLimits.maxCycles, { error: 'errors.too_big' }),
      )
      .min(1, required),
  }),
])
export type Fertigation = z.infer<typeof fertigationSchema>

export const conditionMetrics = ['soil_humidity', 'soil_temperature', 'air_temperature', 'ec', 'mci'] as const
export type ConditionMetric = (typeof conditionMetrics)[number]

/**
 * A run goes ahead only when every condition holds at the moment it is due: the latest value of
 * one module's field, or the average of that metric over a group of modules, compared with `value`.
 */
export const scheduleConditionSchema = z.object({
  metric: z.enum(conditionMetrics),
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('object'), id_object: idSchema, field: singleLineText().min(1).max(64) }),
    z.object({ kind: z.literal('group'), id_group: idSchema }),
  ]),
  comparator: z.enum(['lt', 'gt']),
  value: z
    .number(required)
    .min(-1000, { error: 'errors.too_small' })
    .max(100_000, { error: 'errors.too_big' }),
})
export type ScheduleCondition = z.infer<typeof scheduleConditionSchema>

/** The part of a schedule kept as one jsonb (`schedules.definition`). */
export const scheduleDefinitionSchema = z.object({
  rule: scheduleRuleSchema,
  /** The cycle length in minutes: an element at 100 % runs this long. */
  cycle_minutes: z.number(required).int().min(1, { error: 'errors.too_small' }).max(1440, {
    error: 'errors.schedule_too_long',
  }),
  starts: cycleStartsSchema,
  elements: z
    .array(scheduleElementSchema)
    .min(1, { error: 'errors.schedule_no_elements' })
    .max(scheduleLimits.maxElements, { error: 'errors.schedule_too_many_cycles' }),
  fertigation: fertigationSchema.default({ kind: 'none' }),
  conditions: z
    .array(scheduleConditionSchema)
    .max(scheduleLimits.maxConditions, { error: 'errors.too_big' })
    .default([]),
})
export type ScheduleDefinition = z.infer<typeof scheduleDefinitionSchema>

/** Minutes each element runs in one cycle (0 = skipped). */
export const elementMinutes = (definition: Pick<ScheduleDefinition, 'cycle_minutes' | 'elements'>) =>
  definition.elements.map((element) => Math.round((definition.cycle_minutes * element.percent) / 100))

/** How long one cycle keeps something open, from its first opening to its last closing. */
export function cycleDuration(
  type: number,
  definition: Pick<ScheduleDefinition, 'cycle_minutes' | 'elements'>,
) {
  const minutes = elementMinutes(definition)
  return elementLayout(type) === 'simultaneous' ? Math.max(0, ...minutes) : minutes.reduce((a, b) => a + b, 0)
}

export const cycleCount = (starts: CycleStarts) =>
  starts.kind === 'every' ? starts.count : starts.times.length

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))

/** Cycle start offsets from the day's midnight, in minutes (may pass 1440: cycles cross midnight). */
export function cycleStartOffsets(
  type: number,
  definition: Pick<ScheduleDefinition, 'cycle_minutes' | 'elements' | 'starts'>,
) {
  const { starts } = definition
  if (starts.kind === 'hours') return starts.times.map(toMinutes).sort((a, b) => a - b)
  const step = isIntervalType(type)
    ? cycleDuration(type, definition) + starts.every_minutes
    : starts.every_minutes
  return Array.from({ length: starts.count }, (_, cycle) => toMinutes(starts.start_time) + cycle * step)
}

/** The fewest days between two consecutive days a rule runs on. */
export function shortestDayGap(rule: ScheduleRule) {
  if (rule.kind === 'every_n_days') return rule.n
  const days = [...rule.days].sort((a, b) => a - b)
  return Math.min(
    ...days.map((day, i) => (i === 0 ? days[0]! + 7 - days[days.length - 1]! : day - days[i - 1]!)),
  )
}

/**
 * Whether a cycle would still run when the next one starts: within the day, and from the day's
 * last cycle (which may run past midnight or start days later) to the first cycle of the next day
 * the rule runs on.
 */
export function cyclesOverlap(
  type: number,
  definition: Pick<ScheduleDefinition, 'rule' | 'cycle_minutes' | 'elements' | 'starts'>,
) {
  const duration = cycleDuration(type, definition)
  const offsets = cycleStartOffsets(type, definition)
  const nextDayFirst = (offsets[0] ?? 0) + shortestDayGap(definition.rule) * 1440
  return [...offsets, nextDayFirst].some((offset, i) => i > 0 && offset - offsets[i - 1]! <= duration)
}

/** The body of `POST /api/schedulers` and `PUT /api/schedulers/:id`, and of the preview. */
export const saveScheduleSchema = z
  .object({
    name: resourceNameSchema,
    type: z
      .number(required)
      .int()
      .refine((type) => (automaticScheduleTypes as readonly number[]).includes(type), {
        error: 'errors.choice_invalid',
      }),
    priority: z.union([z.literal(0), z.literal(1)]).default(0),
    begin_date: calendarDateSchema,
    expiration_date: calendarDateSchema.nullable().default(null),
    definition: scheduleDefinitionSchema,
  })
  .superRefine((schedule, context) => {
    const { definition, type } = schedule
    if (schedule.expiration_date !== null && schedule.expiration_date < schedule.begin_date)
      context.addIssue({
        code: 'custom',
        path: ['expiration_date'],
        message: 'errors.schedule_expires_before_begin',
      })
    if (isIntervalType(type) && definition.starts.kind === 'hours')
      context.addIssue({
        code: 'custom',
        path: ['definition', 'starts'],
        message: 'errors.schedule_data_error',
      })
    if (isControlType(type) && definition.fertigation.kind !== 'none')
      context.addIssue({
        code: 'custom',
        path: ['definition', 'fertigation'],
        message: 'errors.schedule_data_error',
      })
    const cycles = cycleCount(definition.starts)
    if (cycles * definition.elements.length > scheduleLimits.maxCycleElementRuns)
      context.addIssue({
        code: 'custom',
        path: ['definition', 'starts'],
        message: 'errors.schedule_too_many_cycles',
      })
    const duration = cycleDuration(type, definition)
    if (duration === 0)
      context.addIssue({
        code: 'custom',
        path: ['definition', 'elements'],
        message: 'errors.schedule_no_elements',
      })
    if (cycles * elementMinutes(definition).reduce((a, b) => a + b, 0) > scheduleLimits.maxTotalMinutes)
      context.addIssue({
        code: 'custom',
        path: ['definition', 'cycle_minutes'],
        message: 'errors.schedule_too_long',
      })
    if (cyclesOverlap(type, definition))
      context.addIssue({
        code: 'custom',
        path: ['definition', 'starts'],
        message: 'errors.schedule_cycles_overlap',
      })
    if (
      definition.fertigation.kind === 'cycles' &&
      definition.fertigation.cycles.some((cycle) => cycle > cycles)
    )
      context.addIssue({
        code: 'custom',
        path: ['definition', 'fertigation'],
        message: 'errors.schedule_data_error',
      })
  })
export type SaveSchedule = z.input<typeof saveScheduleSchema>
export type ScheduleInput = z.output<typeof saveScheduleSchema>

/** `POST /api/schedulers/:id/pause`: from now (or `from`) until `until`, or indefinitely. */
export const pauseScheduleSchema = z
  .object({
    from: momentSchema.nullable().default(null),
    until: momentSchema.nullable().default(null),
  })
  .refine((pause) => pause.until === null || pause.from === null || pause.until > pause.from, {
    path: ['until'],
    error: 'errors.schedule_pause_failed',
  })
/** `POST /api/schedulers/:id/end`: ended schedules stay listed unless `hidden`. */
export const endScheduleSchema = z.object({ hidden: z.boolean().default(false) })

export const scheduleStates = ['active', 'paused', 'ended', 'expired', 'not_started'] as const
export type ScheduleState = (typeof scheduleStates)[number]

/**
 * A schedule as the lists and the wizard receive it: what was saved (the definition as
 * `scheduleDefinitionSchema` checked it) and its state now.
 */
export const scheduleRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  priority: z.union([z.literal(0), z.literal(1)]),
  begin_date: z.string(),
  expiration_date: z.string().nullable(),
  definition: scheduleDefinitionSchema,
  time_zone: z.string(),
  paused_from: z.string().nullable(),
  paused_until: z.string().nullable(),
  ended_at: z.string().nullable(),
  hidden: z.boolean(),
  state: z.enum(scheduleStates),
  /** The next opening within 24 hours (spec: 'next within 24h'), or null. */
  next_run: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type ScheduleRow = z.infer<typeof scheduleRowSchema>
