import {
  type CycleStarts,
  type Fertigation,
  isControlType,
  isIntervalType,
  type ScheduleCondition,
  type ScheduleElement,
  type ScheduleInput,
  type ScheduleRow,
  type ScheduleRule,
  saveScheduleSchema,
  scheduleTypes,
} from '@kropla/domain'
import type { FormErrors, UseFormReturnType } from '@mantine/form'
import { ApiRequestError } from '../../lib/api-error'
import { type FormSchema, withFormInput } from '../../lib/use-schema-form'

/**
 * The wizard's values: the body of POST /api/schedulers in its own shape, so the shared schema's
 * issue paths (`definition.starts.count`) are the form's field paths. Two stand-ins only: an empty
 * expiration date is '' (null in the body), and a cleared number input holds ''.
 */
export interface ScheduleFormValues extends Record<string, unknown> {
  name: string
  type: number
  priority: 0 | 1
  begin_date: string
  expiration_date: string
  definition: {
    rule: ScheduleRule
    cycle_minutes: number | string
    starts: CycleStarts
    elements: ScheduleElement[]
    fertigation: Fertigation
    conditions: ScheduleCondition[]
  }
}

export type ScheduleForm = UseFormReturnType<ScheduleFormValues>

export function newScheduleValues(today: string): ScheduleFormValues {
  return {
    name: '',
    type: scheduleTypes.sequential,
    priority: 0,
    begin_date: today,
    expiration_date: '',
    definition: {
      rule: { kind: 'weekdays', days: [1, 2, 3, 4, 5, 6, 7] },
      cycle_minutes: 15,
      starts: { kind: 'every', start_time: '06:00', count: 1, every_minutes: 60 },
      elements: [],
      fertigation: { kind: 'none' },
      conditions: [],
    },
  }
}

export function valuesOfRow(row: ScheduleRow): ScheduleFormValues {
  return {
    name: row.name,
    type: row.type,
    priority: row.priority,
    begin_date: row.begin_date,
    expiration_date: row.expiration_date ?? '',
    definition: structuredClone(row.definition),
  }
}

export const toScheduleInput = (values: Record<string, unknown>): unknown => ({
  ...values,
  expiration_date: values.expiration_date === '' ? null : values.expiration_date,
})

/** The shared schema over the wizard's values. */
export const scheduleFormSchema: FormSchema = withFormInput(saveScheduleSchema, toScheduleInput)

/** The body to send, once the values passed the schema. */
export function toScheduleBody(values: ScheduleFormValues): ScheduleInput {
  return saveScheduleSchema.parse(toScheduleInput(values))
}

/** Default sub-values when the user switches a choice (the days rule, the way cycles start ...). */
export const defaultRule = (kind: ScheduleRule['kind']): ScheduleRule =>
  kind === 'weekdays' ? { kind, days: [1, 2, 3, 4, 5, 6, 7] } : { kind, n: 2 }

export function defaultStarts(kind: CycleStarts['kind'], from: CycleStarts): CycleStarts {
  const first = from.kind === 'every' ? from.start_time : (from.times[0] ?? '06:00')
  return kind === 'every'
    ? { kind, start_time: first, count: 1, every_minutes: 60 }
    : { kind, times: [first] }
}

export function defaultFertigation(kind: Fertigation['kind']): Fertigation {
  switch (kind) {
    case 'none':
      return { kind }
    case 'cycles':
      return { kind, cycles: [1] }
    default:
      return { kind, n: 2 }
  }
}

/**
 * A new type may rule out earlier choices: control types have no sections and no fertigation, and
 * interval types count cycles only from a start time.
 */
export function valuesForType(values: ScheduleFormValues, type: number): ScheduleFormValues['definition'] {
  const definition = { ...values.definition }
  if (isControlType(type)) {
    definition.elements = definition.elements.filter((element) => element.kind !== 'section')
    definition.fertigation = { kind: 'none' }
  }
  if (isIntervalType(type) && definition.starts.kind === 'hours')
    definition.starts = defaultStarts('every', definition.starts)
  return definition
}

/**
 * The places the wizard shows an error. An issue deeper than these (a day of the week out of range)
 * is shown at the nearest of them that contains it.
 */
const shownPaths = [
  /^(name|type|priority|begin_date|expiration_date)$/,
  /^definition\.(rule|cycle_minutes|starts|elements|fertigation|conditions)$/,
  /^definition\.rule\.(days|n)$/,
  /^definition\.starts\.(start_time|count|every_minutes|times)$/,
  /^definition\.starts\.times\.\d+$/,
  /^definition\.elements\.\d+$/,
  /^definition\.fertigation\.(n|cycles)$/,
  /^definition\.conditions\.\d+\.(metric|comparator|value)$/,
  /^definition\.conditions\.\d+\.source\.(id_object|field|id_group)$/,
  /^definition\.conditions\.\d+$/,
]

/** The path where the wizard shows an issue of `path`, or null when no field holds it. */
export function shownPathOf(path: string): string | null {
  const parts = path.split('.').filter(Boolean)
  for (let length = parts.length; length > 0; length--) {
    const candidate = parts.slice(0, length).join('.')
    if (shownPaths.some((pattern) => pattern.test(candidate))) return candidate
  }
  return null
}

/** Errors moved to where they are shown; the first message of a place wins. */
function placeErrors(errors: Iterable<readonly [string, unknown]>): {
  placed: FormErrors
  unplaced: string[]
} {
  const placed: FormErrors = {}
  const unplaced: string[] = []
  for (const [path, message] of errors) {
    if (typeof message !== 'string') continue
    const shown = shownPathOf(path)
    if (shown) placed[shown] ??= message
    else unplaced.push(message)
  }
  return { placed, unplaced }
}

/**
 * Checks every value with the shared schema and puts each message at its field. Messages no field
 * holds come back, for the top of the form.
 */
export function validateSchedule(form: ScheduleForm): { isValid: boolean; unplaced: string[] } {
  const result = saveScheduleSchema.safeParse(toScheduleInput(form.getValues()))
  if (result.success) {
    form.clearErrors()
    return { isValid: true, unplaced: [] }
  }
  const { placed, unplaced } = placeErrors(
    result.error.issues.map((issue) => [issue.path.map(String).join('.'), messageKey(issue)] as const),
  )
  form.setErrors(placed)
  return { isValid: false, unplaced }
}

/**
 * The catalogue key of a problem, as the server words it: the schema's own key, or for zod's own
 * (English) wording of a bound the catalogue's too small / too big.
 */
function messageKey(issue: { code: string; message: string }): string {
  if (issue.message.startsWith('errors.')) return issue.message
  if (issue.code === 'too_small') return 'errors.too_small'
  if (issue.code === 'too_big') return 'errors.too_big'
  return 'errors.validation_failed'
}

/** Refusals the server words as a code rather than a field issue, and the field they concern. */
const fieldOfCode: Readonly<Record<string, string>> = {
  schedule_different_water_sources: 'definition.elements',
  schedule_empty_group: 'definition.elements',
  schedule_not_irrigating: 'definition.elements',
  schedule_no_elements: 'definition.elements',
  element_not_found: 'definition.elements',
  schedule_too_many_cycles: 'definition.starts',
  schedule_cycles_overlap: 'definition.starts',
  schedule_interval_too_short: 'definition.starts',
  schedule_too_long: 'definition.cycle_minutes',
  schedule_no_days: 'definition.rule',
  schedule_expires_before_begin: 'expiration_date',
}

/**
 * Puts the server's answer at the fields it concerns: its validation issues (already in the user's
 * language) and the codes of one field. True when something was placed.
 */
export function showServerErrorsAtFields(form: ScheduleForm, error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false
  const { placed } = placeErrors(error.issues.map((issue) => [issue.path, issue.message] as const))
  const field = fieldOfCode[error.code]
  if (field) placed[field] ??= error.serverMessage || `errors.${error.code}`
  if (Object.keys(placed).length === 0) return false
  form.setErrors(placed)
  return true
}
