import { isControlType, type OutputPlanRow, planStatus } from '@kropla/domain'

/**
 * What a run in the calendar shows (spec 01 section 3: executed correctly, error, condition correct
 * or error, fertigation; spec 02 section 3.8 / 4 for the colours), plus the runs still to come.
 */
export const calendarResults = [
  'executed',
  'error',
  'condition_ok',
  'condition_error',
  'fertigation',
  'planned',
  'running',
  'cancelled',
] as const
export type CalendarResult = (typeof calendarResults)[number]

export interface PlanAppearance {
  result: CalendarResult
  /** Confirmed by the module (up/state, open or open then closed): drawn filled; otherwise outlined (spec 02). */
  isConfirmed: boolean
}

/** Mantine colours of the results: blue runs, purple fertigation, green control, light red errors. */
export const resultColours: Record<CalendarResult, string> = {
  executed: 'blue',
  error: 'red',
  condition_ok: 'green',
  condition_error: 'orange',
  fertigation: 'grape',
  planned: 'blue',
  running: 'cyan',
  cancelled: 'gray',
}

/** The CSS colour of a result: spec 02's light red for errors, the full shade otherwise. */
export const resultColour = (result: CalendarResult) =>
  `var(--mantine-color-${resultColours[result]}-${result === 'error' ? 3 : 6})`

export type AppearanceInput = Pick<
  OutputPlanRow,
  'status' | 'confirmed_state' | 'fertigation' | 'fertigation_confirm_state' | 'role' | 'Scheduler'
>

/**
 * The result of one output plan:
 * - error or missed → error (light red);
 * - the conditions held the run back (condition not met) → condition error;
 * - cancelled (a manual opening stopped) → cancelled;
 * - sent or running → running;
 * - executed: a fertigation run (or a fertigation source) → fertigation, a control-type schedule's
 *   run → condition correct (green), any other → executed correctly (blue);
 * - not yet due → planned, or fertigation for a fertigated run.
 * Filled when the module confirmed the run (fertigation: its fertigation confirmation, else the state).
 */
export function planAppearance(plan: AppearanceInput): PlanAppearance {
  const isFertigation = plan.fertigation || plan.role === 'fertigation_source'
  // confirmed_state: 1 the module reported the output open during the run, 0 it then reported it
  // closed (the normal end of a run); null it never confirmed the run.
  const confirmation = isFertigation
    ? (plan.fertigation_confirm_state ?? plan.confirmed_state)
    : plan.confirmed_state
  const isConfirmed = confirmation !== null
  switch (plan.status) {
    case planStatus.error:
    case planStatus.missed:
      return { result: 'error', isConfirmed: true }
    case planStatus.condition_not_met:
      return { result: 'condition_error', isConfirmed: true }
    case planStatus.cancelled:
      return { result: 'cancelled', isConfirmed }
    case planStatus.sent:
    case planStatus.running:
      return { result: 'running', isConfirmed }
    case planStatus.executed:
      if (isFertigation) return { result: 'fertigation', isConfirmed }
      if (plan.Scheduler && isControlType(plan.Scheduler.type)) return { result: 'condition_ok', isConfirmed }
      return { result: 'executed', isConfirmed }
    default:
      return { result: isFertigation ? 'fertigation' : 'planned', isConfirmed: false }
  }
}
